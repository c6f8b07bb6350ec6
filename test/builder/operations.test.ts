import { describe, expect, it } from "vitest";
import type { BotDocument } from "../../web/builder/src/lib/types.js";
import { copyBlock, copyGroups, paste } from "../../web/builder/src/editor/store/clipboard.js";
import {
  addGroup,
  connect,
  freeSpot,
  insertBlock,
  moveBlock,
  moveBlockToNewGroup,
  pruneEdges,
  removeBlocks,
  removeEdges,
  removeGroups,
  resource,
  retarget,
} from "../../web/builder/src/editor/store/operations.js";
import { addVariable, renameVariable, variableUses } from "../../web/builder/src/editor/store/variables.js";

const text = (id: string, value = id) => ({
  id,
  type: "text" as const,
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** start → A (a1, a2 with buttons i1 → B, i2 unconnected) ; B (b1) ; C (c1). */
function doc(): BotDocument {
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "A",
        title: "Group #1",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          text("a1"),
          {
            id: "a2",
            type: "choice input",
            items: [
              { id: "i1", content: "Yes", outgoingEdgeId: "e1" },
              { id: "i2", content: "No" },
            ],
          },
        ],
      },
      { id: "B", title: "Group #2", graphCoordinates: { x: 400, y: 0 }, blocks: [text("b1", "Hi {{name}}")] },
      { id: "C", title: "Group #3", graphCoordinates: { x: 400, y: 300 }, blocks: [text("c1")] },
    ],
    edges: [
      { id: "e0", from: { eventId: "start" }, to: { groupId: "A" } },
      { id: "e1", from: { blockId: "a2", itemId: "i1" }, to: { groupId: "B" } },
    ],
    variables: [{ id: "vname", name: "name" }],
    theme: {},
    settings: {},
  } as BotDocument;
}

const layout = (value: BotDocument) =>
  value.groups.map((group) => `${group.id}:${group.blocks.map((block) => block.id).join(",")}`);

describe("document operations", () => {
  it("connects a source with one edge, replacing the previous one", () => {
    const once = connect(doc(), { blockId: "a2", itemId: "i2" }, { groupId: "C" });
    const item = (once.groups[0].blocks[1] as { items: { id: string; outgoingEdgeId?: string }[] }).items[1];
    expect(once.edges.find((edge) => edge.id === item.outgoingEdgeId)).toEqual({
      id: item.outgoingEdgeId,
      from: { blockId: "a2", itemId: "i2" },
      to: { groupId: "C" },
    });
    const twice = connect(once, { blockId: "a2", itemId: "i2" }, { groupId: "B" });
    expect(twice.edges).toHaveLength(3);
    expect(
      twice.edges.filter((edge) => "blockId" in edge.from && edge.from.itemId === "i2").map((edge) => edge.to),
    ).toEqual([{ groupId: "B" }]);
  });

  it("does not connect a block to its own group, nor to a missing group", () => {
    const value = doc();
    expect(connect(value, { blockId: "a1" }, { groupId: "A" })).toBe(value);
    expect(connect(value, { blockId: "a1" }, { groupId: "Z" })).toBe(value);
  });

  it("removes an edge and the reference to it", () => {
    const value = removeEdges(doc(), new Set(["e1"]));
    expect(value.edges.map((edge) => edge.id)).toEqual(["e0"]);
    expect(
      (value.groups[0].blocks[1] as { items: { outgoingEdgeId?: string }[] }).items[0].outgoingEdgeId,
    ).toBeUndefined();
  });

  it("removes a group with the edges that lead to it, and leaves other groups untouched", () => {
    const before = doc();
    const value = removeGroups(before, new Set(["B"]));
    expect(layout(value)).toEqual(["A:a1,a2", "C:c1"]);
    expect(value.edges.map((edge) => edge.id)).toEqual(["e0"]);
    expect(value.groups[1]).toBe(before.groups[2]);
  });

  it("removing a group's last block removes the group", () => {
    const value = removeBlocks(doc(), new Set(["c1"]));
    expect(layout(value)).toEqual(["A:a1,a2", "B:b1"]);
  });

  it("moves blocks within a group and between groups; an emptied group disappears", () => {
    expect(layout(moveBlock(doc(), "a2", "A", 0))).toEqual(["A:a2,a1", "B:b1", "C:c1"]);
    expect(layout(moveBlock(doc(), "a1", "A", 2))).toEqual(["A:a2,a1", "B:b1", "C:c1"]);
    const moved = moveBlock(doc(), "b1", "C", 1);
    expect(layout(moved)).toEqual(["A:a1,a2", "C:c1,b1"]);
    // The buttons' edge led to the emptied group: it goes too.
    expect(moved.edges.map((edge) => edge.id)).toEqual(["e0"]);
  });

  it("takes a block out into a new group, or moves a group that only holds it", () => {
    const split = moveBlockToNewGroup(doc(), "a1", { x: 10.4, y: 20.6 });
    expect(layout(split.doc)).toEqual(["A:a2", "B:b1", "C:c1", `${split.groupId}:a1`]);
    expect(split.doc.groups[3]).toMatchObject({ title: "Group #4", graphCoordinates: { x: 10, y: 21 } });
    const whole = moveBlockToNewGroup(doc(), "c1", { x: 5, y: 6 });
    expect(whole.groupId).toBe("C");
    expect(whole.doc.groups[2].graphCoordinates).toEqual({ x: 5, y: 6 });
  });

  it("retargets an edge and moves it to another source", () => {
    expect(retarget(doc(), "e1", { groupId: "C" }).edges[1].to).toEqual({ groupId: "C" });
    const moved = resource(doc(), "e1", { blockId: "a2", itemId: "i2" });
    const items = (moved.groups[0].blocks[1] as { items: { outgoingEdgeId?: string }[] }).items;
    expect(items[0].outgoingEdgeId).toBeUndefined();
    expect(moved.edges.find((edge) => edge.id === items[1].outgoingEdgeId)?.to).toEqual({ groupId: "B" });
  });

  it("prunes edges nobody points to", () => {
    const value = {
      ...doc(),
      edges: [...doc().edges, { id: "orphan", from: { blockId: "a1" }, to: { groupId: "B" } }],
    };
    expect(pruneEdges(value).edges.map((edge) => edge.id)).toEqual(["e0", "e1"]);
  });

  it("adds groups named after the next free number, at a free spot when asked", () => {
    const { doc: value } = addGroup(insertBlock(doc(), "B", 0, text("new")), { x: 1, y: 2 }, [text("x")]);
    expect(value.groups.map((group) => group.title)).toEqual(["Group #1", "Group #2", "Group #3", "Group #4"]);
    expect(layout(value)[1]).toBe("B:new,b1");
    // B spans y 0–120 (one block) and C starts at 300: the first free 40 px step below B with a 20 px margin.
    expect(freeSpot(doc(), { x: 400, y: 0 })).toEqual({ x: 400, y: 160 });
  });
});

describe("copy and paste", () => {
  it("pastes groups with fresh ids, keeping edges between them and edges to groups outside", () => {
    const content = copyGroups(doc(), new Set(["A", "B"]))!;
    const pasted = paste(doc(), content, { x: 1000, y: 0 });
    expect(pasted.doc.groups.map((group) => group.title)).toEqual([
      "Group #1",
      "Group #2",
      "Group #3",
      "Group #1 (copy)",
      "Group #2 (copy)",
    ]);
    const [copyA, copyB] = pasted.doc.groups.slice(3);
    expect(copyA.id).not.toBe("A");
    expect(copyA.graphCoordinates).toEqual({ x: 1000, y: 0 });
    const item = (copyA.blocks[1] as { items: { id: string; outgoingEdgeId?: string }[] }).items[0];
    expect(item.id).not.toBe("i1");
    expect(pasted.doc.edges.find((edge) => edge.id === item.outgoingEdgeId)?.to).toEqual({ groupId: copyB.id });
  });

  it("pastes a block after the selected one", () => {
    const pasted = paste(doc(), copyBlock(doc(), "b1")!, { groupId: "C", index: 1 });
    expect(pasted.doc.groups[2].blocks.map((block) => block.type)).toEqual(["text", "text"]);
    expect(pasted.blockId).not.toBe("b1");
  });
});

describe("variables", () => {
  it("renames a variable and the {{templates}} that use it", () => {
    const before = doc();
    const value = renameVariable(before, "vname", "first name");
    expect(value.variables).toEqual([{ id: "vname", name: "first name" }]);
    expect(value.groups[1].blocks[0]).toEqual(text("b1", "Hi {{first name}}"));
    // Groups without the template are kept as they were (the canvas skips them).
    expect(value.groups[0]).toBe(before.groups[0]);
  });

  it("adds a variable once per name, and finds where one is used", () => {
    const { doc: value, variable } = addVariable(doc(), "name");
    expect(variable.id).toBe("vname");
    expect(value.variables).toHaveLength(1);
    expect(variableUses(doc(), doc().variables[0])).toEqual([{ groupId: "B", groupTitle: "Group #2", blockId: "b1" }]);
  });
});
