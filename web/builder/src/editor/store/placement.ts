import type { BotDocument, Group } from "../../lib/types.js";

/** A rectangle on the canvas, in flow coordinates. */
export type Box = { x: number; y: number; width: number; height: number };
/** The size the canvas measured for a node, when it has drawn it. */
export type SizeOf = (nodeId: string) => { width: number; height: number } | undefined;

/** Space kept between a placed group and its neighbours. */
export const PLACEMENT_GAP = 24;
const STEP = 40;
const MAX_RINGS = 60;

/** A group's size before the canvas has measured it (groups are 300 px wide; blocks about 64 px tall). */
export const estimatedGroupSize = (group: Pick<Group, "blocks">) => ({
  width: 300,
  height: 56 + group.blocks.length * 64,
});
const EVENT_SIZE = { width: 180, height: 48 };

const overlaps = (a: Box, b: Box, gap: number) =>
  a.x < b.x + b.width + gap && a.x + a.width + gap > b.x && a.y < b.y + b.height + gap && a.y + a.height + gap > b.y;

/**
 * The free spot nearest to where `wanted` would go: `wanted`'s own position when nothing is in the
 * way, otherwise the closest position on a 40 px grid around it where the box touches no occupied box
 * (keeping `gap` around it). Nearest first, so a group dropped onto another lands right beside it.
 */
export function findFreeSpot(occupied: readonly Box[], wanted: Box, gap = PLACEMENT_GAP): { x: number; y: number } {
  const fits = (x: number, y: number) => occupied.every((box) => !overlaps({ ...wanted, x, y }, box, gap));
  if (fits(wanted.x, wanted.y)) return { x: Math.round(wanted.x), y: Math.round(wanted.y) };
  for (let ring = 1; ring <= MAX_RINGS; ring++) {
    let best: { x: number; y: number; distance: number } | undefined;
    for (let dx = -ring; dx <= ring; dx++)
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const x = wanted.x + dx * STEP;
        const y = wanted.y + dy * STEP;
        const distance = Math.hypot(dx, dy);
        if ((!best || distance < best.distance) && fits(x, y)) best = { x, y, distance };
      }
    if (best) return { x: Math.round(best.x), y: Math.round(best.y) };
  }
  // Crowded beyond the search: below everything.
  const bottom = Math.max(wanted.y, ...occupied.map((box) => box.y + box.height + gap));
  return { x: Math.round(wanted.x), y: Math.round(bottom) };
}

/** The boxes of every group and event of the document but `except`, measured where the canvas knows them. */
export function occupiedBoxes(doc: BotDocument, except: ReadonlySet<string>, sizeOf: SizeOf = () => undefined): Box[] {
  const boxes: Box[] = [];
  for (const event of doc.events)
    if (!except.has(event.id)) boxes.push({ ...event.graphCoordinates, ...(sizeOf(event.id) ?? EVENT_SIZE) });
  for (const group of doc.groups)
    if (!except.has(group.id))
      boxes.push({ ...group.graphCoordinates, ...(sizeOf(group.id) ?? estimatedGroupSize(group)) });
  return boxes;
}

/**
 * Moves the given groups together (their layout kept) to the free spot nearest to where they are, so
 * that new, pasted or duplicated groups never land on top of others. Groups already clear stay put.
 */
export function placeClear(
  doc: BotDocument,
  groupIds: readonly string[],
  sizeOf: SizeOf = () => undefined,
): BotDocument {
  const moving = doc.groups.filter((group) => groupIds.includes(group.id));
  if (moving.length === 0) return doc;
  const boxes = moving.map((group) => ({
    ...group.graphCoordinates,
    ...(sizeOf(group.id) ?? estimatedGroupSize(group)),
  }));
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const bounds = {
    x: left,
    y: top,
    width: Math.max(...boxes.map((box) => box.x + box.width)) - left,
    height: Math.max(...boxes.map((box) => box.y + box.height)) - top,
  };
  const spot = findFreeSpot(occupiedBoxes(doc, new Set(groupIds), sizeOf), bounds);
  const dx = spot.x - left;
  const dy = spot.y - top;
  if (dx === 0 && dy === 0) return doc;
  return {
    ...doc,
    groups: doc.groups.map((group) =>
      groupIds.includes(group.id)
        ? {
            ...group,
            graphCoordinates: {
              x: Math.round(group.graphCoordinates.x + dx),
              y: Math.round(group.graphCoordinates.y + dy),
            },
          }
        : group,
    ),
  };
}
