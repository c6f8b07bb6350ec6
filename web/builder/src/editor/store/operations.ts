import { createId } from "../../lib/ids.js";
import type { Block, BotDocument, Edge, Group } from "../../lib/types.js";
import type { EdgeSource, EdgeTarget } from "./edge-source.js";
import { sideExitEdgeId, withSideExitEdge } from "./side-exit.js";

/**
 * Pure edits of a bot document. Each returns a new document and leaves untouched parts (groups,
 * blocks) identical, so the canvas re-renders only what changed. Edges follow the engine's rule:
 * an object's `outgoingEdgeId` names its edge; an edge nobody points to, or pointing at a missing
 * group, is dropped after structural edits (`pruneEdges`).
 */

type AnyItem = { id: string; outgoingEdgeId?: string; paths?: { id: string; outgoingEdgeId?: string }[] };
const itemsOf = (block: Block): AnyItem[] =>
  "items" in block && Array.isArray(block.items) ? (block.items as AnyItem[]) : [];

export function findBlock(
  doc: BotDocument,
  blockId: string,
): { group: Group; block: Block; index: number } | undefined {
  for (const group of doc.groups) {
    const index = group.blocks.findIndex((block) => block.id === blockId);
    if (index >= 0) return { group, block: group.blocks[index], index };
  }
  return undefined;
}

const mapGroup = (doc: BotDocument, groupId: string, fn: (group: Group) => Group): BotDocument => ({
  ...doc,
  groups: doc.groups.map((group) => (group.id === groupId ? fn(group) : group)),
});

export function updateBlock(doc: BotDocument, blockId: string, fn: (block: Block) => Block): BotDocument {
  const found = findBlock(doc, blockId);
  if (!found) return doc;
  return mapGroup(doc, found.group.id, (group) => ({
    ...group,
    blocks: group.blocks.map((block) => (block.id === blockId ? fn(block) : block)),
  }));
}

export const updateGroup = (
  doc: BotDocument,
  groupId: string,
  patch: Partial<Pick<Group, "title" | "graphCoordinates">>,
): BotDocument => mapGroup(doc, groupId, (group) => ({ ...group, ...patch }));

/** Moves groups and events after a drag; unknown ids are ignored. */
export function moveNodes(doc: BotDocument, positions: ReadonlyMap<string, { x: number; y: number }>): BotDocument {
  return {
    ...doc,
    groups: doc.groups.map((group) => {
      const position = positions.get(group.id);
      return position ? { ...group, graphCoordinates: { x: position.x, y: position.y } } : group;
    }),
    events: doc.events.map((event) => {
      const position = positions.get(event.id);
      return position ? { ...event, graphCoordinates: { x: position.x, y: position.y } } : event;
    }) as BotDocument["events"],
  };
}

export function nextGroupTitle(doc: BotDocument): string {
  const used = new Set(doc.groups.map((group) => group.title));
  let number = doc.groups.length + 1;
  while (used.has(`Group #${number}`)) number++;
  return `Group #${number}`;
}

export function addGroup(
  doc: BotDocument,
  position: { x: number; y: number },
  blocks: Block[],
  title = nextGroupTitle(doc),
): { doc: BotDocument; groupId: string } {
  const group: Group = {
    id: createId(),
    title,
    graphCoordinates: { x: Math.round(position.x), y: Math.round(position.y) },
    blocks,
  };
  return { doc: { ...doc, groups: [...doc.groups, group] }, groupId: group.id };
}

export function insertBlock(doc: BotDocument, groupId: string, index: number, block: Block): BotDocument {
  return mapGroup(doc, groupId, (group) => {
    const blocks = [...group.blocks];
    blocks.splice(Math.max(0, Math.min(index, blocks.length)), 0, block);
    return { ...group, blocks };
  });
}

/** Moves a block within its group or into another one; a group left empty disappears with its edges. */
export function moveBlock(doc: BotDocument, blockId: string, toGroupId: string, toIndex: number): BotDocument {
  const found = findBlock(doc, blockId);
  if (!found || !doc.groups.some((group) => group.id === toGroupId)) return doc;
  const index = found.group.id === toGroupId && found.index < toIndex ? toIndex - 1 : toIndex;
  if (found.group.id === toGroupId && index === found.index) return doc;
  let next = mapGroup(doc, found.group.id, (group) => ({
    ...group,
    blocks: group.blocks.filter((block) => block.id !== blockId),
  }));
  next = insertBlock(next, toGroupId, index, found.block);
  // Edges that entered the group at this block follow it.
  if (found.group.id !== toGroupId)
    next = {
      ...next,
      edges: next.edges.map((edge) =>
        edge.to.blockId === blockId ? { ...edge, to: { groupId: toGroupId, blockId } } : edge,
      ),
    };
  return removeEmptyGroups(next);
}

function removeEmptyGroups(doc: BotDocument): BotDocument {
  if (doc.groups.every((group) => group.blocks.length > 0)) return doc;
  return pruneEdges({ ...doc, groups: doc.groups.filter((group) => group.blocks.length > 0) });
}

export function removeBlocks(doc: BotDocument, blockIds: ReadonlySet<string>): BotDocument {
  if (blockIds.size === 0) return doc;
  const groups = doc.groups.map((group) =>
    group.blocks.some((block) => blockIds.has(block.id))
      ? { ...group, blocks: group.blocks.filter((block) => !blockIds.has(block.id)) }
      : group,
  );
  const edges = doc.edges.filter((edge) => !(edge.to.blockId && blockIds.has(edge.to.blockId)));
  return removeEmptyGroups(pruneEdges({ ...doc, groups, edges }));
}

export function removeGroups(doc: BotDocument, groupIds: ReadonlySet<string>): BotDocument {
  if (groupIds.size === 0) return doc;
  return pruneEdges({ ...doc, groups: doc.groups.filter((group) => !groupIds.has(group.id)) });
}

/** Every `outgoingEdgeId` in the document, with a way to clear the ones whose edge is gone. */
function referencedEdgeIds(doc: BotDocument): Set<string> {
  const ids = new Set<string>();
  const add = (id: string | undefined) => id && ids.add(id);
  for (const event of doc.events) add(event.outgoingEdgeId);
  for (const group of doc.groups)
    for (const block of group.blocks) {
      add(block.outgoingEdgeId);
      add(sideExitEdgeId(block));
      for (const item of itemsOf(block)) {
        add(item.outgoingEdgeId);
        for (const path of item.paths ?? []) add(path.outgoingEdgeId);
      }
    }
  return ids;
}

function clearMissing<T extends { outgoingEdgeId?: string }>(value: T, alive: ReadonlySet<string>): T {
  if (!value.outgoingEdgeId || alive.has(value.outgoingEdgeId)) return value;
  const { outgoingEdgeId: _removed, ...rest } = value;
  return rest as T;
}

function clearBlock(block: Block, alive: ReadonlySet<string>): Block {
  let next = clearMissing(block, alive);
  const sideEdge = sideExitEdgeId(block);
  if (sideEdge && !alive.has(sideEdge)) next = withSideExitEdge(next, undefined);
  const items = itemsOf(block);
  if (items.length > 0) {
    const cleared = items.map((item) => {
      const base = clearMissing(item, alive);
      return item.paths ? { ...base, paths: item.paths.map((path) => clearMissing(path, alive)) } : base;
    });
    if (
      cleared.some(
        (item, index) => item !== items[index] || item.paths?.some((path, p) => path !== items[index].paths?.[p]),
      )
    )
      next = { ...next, items: cleared } as Block;
  }
  return next;
}

/** Drops edges nobody points to or that lead to a missing group, and clears references to dropped edges. */
export function pruneEdges(doc: BotDocument): BotDocument {
  const groupIds = new Set(doc.groups.map((group) => group.id));
  const referenced = referencedEdgeIds(doc);
  const edges = doc.edges.filter((edge) => referenced.has(edge.id) && groupIds.has(edge.to.groupId));
  const alive = new Set(edges.map((edge) => edge.id));
  const events = doc.events.map((event) => clearMissing(event, alive)) as BotDocument["events"];
  const groups = doc.groups.map((group) => {
    const blocks = group.blocks.map((block) => clearBlock(block, alive));
    return blocks.some((block, index) => block !== group.blocks[index]) ? { ...group, blocks } : group;
  });
  return { ...doc, events, groups, edges: edges.length === doc.edges.length ? doc.edges : edges };
}

/** Sets (or clears) the `outgoingEdgeId` of the object a source names. */
function setSourceEdge(doc: BotDocument, source: EdgeSource, edgeId: string | undefined): BotDocument {
  const apply = <T extends { outgoingEdgeId?: string }>(value: T): T => {
    if (edgeId) return { ...value, outgoingEdgeId: edgeId };
    const { outgoingEdgeId: _removed, ...rest } = value;
    return rest as T;
  };
  if ("eventId" in source)
    return {
      ...doc,
      events: doc.events.map((event) => (event.id === source.eventId ? apply(event) : event)) as BotDocument["events"],
    };
  return updateBlock(doc, source.blockId, (block) => {
    if (source.idle) return withSideExitEdge(block, edgeId);
    if (!source.itemId) return apply(block);
    const items = itemsOf(block).map((item) => {
      if (item.id !== source.itemId) return item;
      if (!source.pathId) return apply(item);
      return { ...item, paths: (item.paths ?? []).map((path) => (path.id === source.pathId ? apply(path) : path)) };
    });
    return { ...block, items } as Block;
  });
}

export function sourceEdgeId(doc: BotDocument, source: EdgeSource): string | undefined {
  if ("eventId" in source) return doc.events.find((event) => event.id === source.eventId)?.outgoingEdgeId;
  const block = findBlock(doc, source.blockId)?.block;
  if (!block) return undefined;
  if (source.idle) return sideExitEdgeId(block);
  if (!source.itemId) return block.outgoingEdgeId;
  const item = itemsOf(block).find((entry) => entry.id === source.itemId);
  if (!source.pathId) return item?.outgoingEdgeId;
  return item?.paths?.find((path) => path.id === source.pathId)?.outgoingEdgeId;
}

/** One edge per source: connecting again replaces the previous edge. */
export function connect(doc: BotDocument, source: EdgeSource, to: EdgeTarget): BotDocument {
  const target = doc.groups.find((group) => group.id === to.groupId);
  if (!target) return doc;
  // A block cannot lead into its own group above itself: that would loop before the visitor sees anything.
  if (!("eventId" in source) && findBlock(doc, source.blockId)?.group.id === to.groupId && !to.blockId) return doc;
  const previous = sourceEdgeId(doc, source);
  // A side exit (idle path, no operator) is stored like the block's own exit: its options say which edge it is.
  const { idle: _idle, ...from } = source as EdgeSource & { idle?: true };
  const edge: Edge = {
    id: createId(),
    from: from as Edge["from"],
    to: to.blockId ? { groupId: to.groupId, blockId: to.blockId } : { groupId: to.groupId },
  };
  const withoutPrevious = previous ? { ...doc, edges: doc.edges.filter((entry) => entry.id !== previous) } : doc;
  return setSourceEdge({ ...withoutPrevious, edges: [...withoutPrevious.edges, edge] }, source, edge.id);
}

export function removeEdges(doc: BotDocument, edgeIds: ReadonlySet<string>): BotDocument {
  if (edgeIds.size === 0) return doc;
  return pruneEdges({ ...doc, edges: doc.edges.filter((edge) => !edgeIds.has(edge.id)) });
}

/** Keeps the edge's id and source, changes where it leads. */
export function retarget(doc: BotDocument, edgeId: string, to: EdgeTarget): BotDocument {
  if (!doc.groups.some((group) => group.id === to.groupId)) return doc;
  return {
    ...doc,
    edges: doc.edges.map((edge) =>
      edge.id === edgeId ? { ...edge, to: to.blockId ? { ...to } : { groupId: to.groupId } } : edge,
    ),
  };
}

/** Moves an edge to another source (dragging its start onto another handle). */
export function resource(doc: BotDocument, edgeId: string, source: EdgeSource): BotDocument {
  const edge = doc.edges.find((entry) => entry.id === edgeId);
  if (!edge) return doc;
  const without = removeEdges(doc, new Set([edgeId]));
  return connect(without, source, edge.to);
}

/** Takes a block out of its group into a new group at a canvas position. */
export function moveBlockToNewGroup(
  doc: BotDocument,
  blockId: string,
  position: { x: number; y: number },
): { doc: BotDocument; groupId: string } {
  const found = findBlock(doc, blockId);
  if (!found) return { doc, groupId: "" };
  if (found.group.blocks.length === 1)
    return {
      doc: updateGroup(doc, found.group.id, {
        graphCoordinates: { x: Math.round(position.x), y: Math.round(position.y) },
      }),
      groupId: found.group.id,
    };
  const created = addGroup(doc, position, []);
  return { doc: moveBlock(created.doc, blockId, created.groupId, 0), groupId: created.groupId };
}

/** Rough height of a group on the canvas, enough to keep new groups from landing on others. */
const approximateHeight = (group: Group) => 56 + group.blocks.length * 64;
const GROUP_WIDTH = 300;

/** The first spot at or below `position` where a new group overlaps no other (for groups added without a drop). */
export function freeSpot(doc: BotDocument, position: { x: number; y: number }, height = 120): { x: number; y: number } {
  const overlaps = (y: number) =>
    doc.groups.some((group) => {
      const { x: gx, y: gy } = group.graphCoordinates;
      return (
        position.x < gx + GROUP_WIDTH + 20 &&
        position.x + GROUP_WIDTH + 20 > gx &&
        y < gy + approximateHeight(group) + 20 &&
        y + height + 20 > gy
      );
    });
  let y = position.y;
  for (let attempt = 0; attempt < 200 && overlaps(y); attempt++) y += 40;
  return { x: Math.round(position.x), y: Math.round(y) };
}
