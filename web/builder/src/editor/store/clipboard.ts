import { createId } from "../../lib/ids.js";
import type { Block, BotDocument, Edge, Group } from "../../lib/types.js";
import { findBlock, insertBlock, nextGroupTitle, pruneEdges } from "./operations.js";

/** What Ctrl+C keeps: whole groups (with the edges leaving them) or a single block. */
export type ClipboardContent =
  | { kind: "groups"; groups: Group[]; edges: Edge[] }
  | { kind: "block"; block: Block; edges: Edge[] };

type Structural = {
  id: string;
  outgoingEdgeId?: string;
  items?: Structural[];
  paths?: Structural[];
  blocks?: Structural[];
  /** An input's idle path is an edge of the copy too. */
  options?: { idleTimeout?: { outgoingEdgeId?: string } };
};

function collectIds(value: Structural, ids: Map<string, string>): void {
  ids.set(value.id, createId());
  for (const child of [...(value.blocks ?? []), ...(value.items ?? []), ...(value.paths ?? [])]) collectIds(child, ids);
}

function edgeIdsOf(value: Structural, ids: Set<string>): void {
  if (value.outgoingEdgeId) ids.add(value.outgoingEdgeId);
  if (value.options?.idleTimeout?.outgoingEdgeId) ids.add(value.options.idleTimeout.outgoingEdgeId);
  for (const child of [...(value.blocks ?? []), ...(value.items ?? []), ...(value.paths ?? [])]) edgeIdsOf(child, ids);
}

/** Replaces every string equal to an old id (ids, edge references, jumps inside the copy) by its new id. */
function remap<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === "string") return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((entry) => remap(entry, ids)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, remap(entry, ids)])) as T;
  return value;
}

export function copyGroups(doc: BotDocument, groupIds: ReadonlySet<string>): ClipboardContent | undefined {
  const groups = doc.groups.filter((group) => groupIds.has(group.id));
  if (groups.length === 0) return undefined;
  const edgeIds = new Set<string>();
  for (const group of groups) edgeIdsOf(group as unknown as Structural, edgeIds);
  return { kind: "groups", groups, edges: doc.edges.filter((edge) => edgeIds.has(edge.id)) };
}

export function copyBlock(doc: BotDocument, blockId: string): ClipboardContent | undefined {
  const found = findBlock(doc, blockId);
  if (!found) return undefined;
  const edgeIds = new Set<string>();
  edgeIdsOf(found.block as unknown as Structural, edgeIds);
  return { kind: "block", block: found.block, edges: doc.edges.filter((edge) => edgeIds.has(edge.id)) };
}

/**
 * Pastes with fresh ids. Edges between pasted groups follow the copies; edges to groups outside
 * the copy keep their target when it still exists.
 */
export function paste(
  doc: BotDocument,
  content: ClipboardContent,
  at: { x: number; y: number } | { groupId: string; index: number },
): { doc: BotDocument; groupIds: string[]; blockId?: string } {
  const ids = new Map<string, string>();
  for (const edge of content.edges) ids.set(edge.id, createId());
  if (content.kind === "groups") {
    for (const group of content.groups) collectIds(group as unknown as Structural, ids);
    const origin = content.groups.reduce(
      (min, group) => ({ x: Math.min(min.x, group.graphCoordinates.x), y: Math.min(min.y, group.graphCoordinates.y) }),
      { x: Infinity, y: Infinity },
    );
    const offset = "x" in at ? { x: at.x - origin.x, y: at.y - origin.y } : { x: 40, y: 40 };
    let next = doc;
    const groups = content.groups.map((group) => {
      const copy = remap(group, ids);
      const title = doc.groups.some((existing) => existing.title === group.title)
        ? `${group.title} (copy)`
        : group.title;
      return {
        ...copy,
        title,
        graphCoordinates: {
          x: Math.round(group.graphCoordinates.x + offset.x),
          y: Math.round(group.graphCoordinates.y + offset.y),
        },
      };
    });
    next = {
      ...next,
      groups: [...next.groups, ...groups],
      edges: [...next.edges, ...content.edges.map((edge) => remap(edge, ids))],
    };
    return { doc: pruneEdges(next), groupIds: groups.map((group) => group.id) };
  }
  collectIds(content.block as unknown as Structural, ids);
  const block = remap(content.block, ids);
  const edges = content.edges.map((edge) => remap(edge, ids));
  if ("groupId" in at) {
    const next = insertBlock({ ...doc, edges: [...doc.edges, ...edges] }, at.groupId, at.index, block);
    return { doc: pruneEdges(next), groupIds: [at.groupId], blockId: block.id };
  }
  const group: Group = {
    id: createId(),
    title: nextGroupTitle(doc),
    graphCoordinates: { x: Math.round(at.x), y: Math.round(at.y) },
    blocks: [block],
  };
  return {
    doc: pruneEdges({ ...doc, groups: [...doc.groups, group], edges: [...doc.edges, ...edges] }),
    groupIds: [group.id],
    blockId: block.id,
  };
}
