import { describe, expect, it } from "vitest";
import { copyGroups, paste } from "../../web/builder/src/editor/store/clipboard.js";
import { findFreeSpot, occupiedBoxes, placeClear, type Box } from "../../web/builder/src/editor/store/placement.js";
import type { BotDocument } from "../../web/builder/src/lib/types.js";

const box = (x: number, y: number, width = 300, height = 120): Box => ({ x, y, width, height });
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
const text = (id: string) => ({
  id,
  type: "text" as const,
  content: { richText: [{ type: "p", children: [{ text: id }] }] },
});

function doc(): BotDocument {
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: -300, y: 0 } }],
    groups: [
      { id: "A", title: "A", graphCoordinates: { x: 0, y: 0 }, blocks: [text("a1"), text("a2")] },
      { id: "B", title: "B", graphCoordinates: { x: 400, y: 0 }, blocks: [text("b1")] },
    ],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
  } as BotDocument;
}

describe("finding a free spot for a group", () => {
  it("keeps the wanted position when nothing is there", () => {
    expect(findFreeSpot([box(0, 0)], box(0, 400))).toEqual({ x: 0, y: 400 });
    expect(findFreeSpot([], box(12.4, -7.6))).toEqual({ x: 12, y: -8 });
  });

  it("moves a box dropped onto another to the nearest spot that touches nothing, keeping the gap", () => {
    const occupied = [box(0, 0)];
    const spot = findFreeSpot(occupied, box(10, 10));
    const placed = box(spot.x, spot.y);
    expect(overlap({ ...placed, x: placed.x - 24, y: placed.y - 24, width: 348, height: 168 }, occupied[0])).toBe(
      false,
    );
    // Nearest: within one group's size of where it was wanted, not far away.
    expect(Math.hypot(spot.x - 10, spot.y - 10)).toBeLessThanOrEqual(344);
  });

  it("finds room among many groups and never on any of them", () => {
    const occupied = Array.from({ length: 25 }, (_, index) => box((index % 5) * 340, Math.floor(index / 5) * 160));
    for (const wanted of [box(100, 100), box(700, 300), box(1300, 600), box(-5, -5)]) {
      const spot = findFreeSpot(occupied, wanted);
      for (const other of occupied) expect(overlap(box(spot.x, spot.y), other)).toBe(false);
    }
  });
});

describe("placing new groups clear of the others", () => {
  it("leaves a group already clear where it is, and returns the same document", () => {
    const start = {
      ...doc(),
      groups: [...doc().groups, { id: "C", title: "C", graphCoordinates: { x: 0, y: 600 }, blocks: [text("c1")] }],
    };
    expect(placeClear(start, ["C"])).toBe(start);
  });

  it("moves a group created on top of another beside it, with the measured sizes when the canvas has them", () => {
    const start = {
      ...doc(),
      groups: [...doc().groups, { id: "C", title: "C", graphCoordinates: { x: 20, y: 20 }, blocks: [text("c1")] }],
    };
    const sizes: Record<string, { width: number; height: number }> = { A: { width: 300, height: 400 } };
    const placed = placeClear(start, ["C"], (id) => sizes[id]);
    const boxes = occupiedBoxes(placed, new Set(["C"]), (id) => sizes[id]);
    const c = placed.groups.find((group) => group.id === "C")!;
    for (const other of boxes)
      expect(overlap(box(c.graphCoordinates.x, c.graphCoordinates.y, 300, 120), other)).toBe(false);
    expect(placed.groups.filter((group) => group.id !== "C")).toEqual(start.groups.filter((group) => group.id !== "C"));
  });

  it("moves pasted groups together, their layout kept, off the originals", () => {
    const start = doc();
    const copied = copyGroups(start, new Set(["A", "B"]))!;
    const pasted = paste(start, copied, { x: 0, y: 0 });
    const placed = placeClear(pasted.doc, pasted.groupIds);
    const [a, b] = pasted.groupIds.map((id) => placed.groups.find((group) => group.id === id)!);
    expect(b.graphCoordinates.x - a.graphCoordinates.x).toBe(400);
    expect(b.graphCoordinates.y - a.graphCoordinates.y).toBe(0);
    const others = occupiedBoxes(placed, new Set(pasted.groupIds));
    for (const group of [a, b])
      for (const other of others)
        expect(overlap(box(group.graphCoordinates.x, group.graphCoordinates.y, 300, 184), other)).toBe(false);
  });
});
