import type { Edge } from "../../lib/types.js";

/**
 * Where an edge starts: a flow event, a block, one of its items, a card item's button, or an input's
 * side exit (`idle`: an input's idle path, `options.idleTimeout.outgoingEdgeId`, or a hand-off's "No operator"
 * exit, `options.noOperatorEdgeId`; see side-exit.ts; stored `from: { blockId }`).
 */
export type EdgeSource = { eventId: string } | { blockId: string; itemId?: string; pathId?: string; idle?: true };
export type EdgeTarget = Edge["to"];

/**
 * Canvas handle ids. Source handles name the object whose `outgoingEdgeId` they set; target handles
 * name the group, or a block inside it.
 */
export function sourceHandleId(source: EdgeSource): string {
  if ("eventId" in source) return `e:${source.eventId}`;
  if (source.idle) return `x:${source.blockId}`;
  if (source.pathId) return `p:${source.blockId}:${source.itemId}:${source.pathId}`;
  if (source.itemId) return `i:${source.blockId}:${source.itemId}`;
  return `b:${source.blockId}`;
}

export function parseSourceHandle(handle: string | null | undefined): EdgeSource | undefined {
  if (!handle) return undefined;
  const [kind, ...parts] = handle.split(":");
  if (kind === "e" && parts[0]) return { eventId: parts[0] };
  if (kind === "b" && parts[0]) return { blockId: parts[0] };
  if (kind === "x" && parts[0]) return { blockId: parts[0], idle: true };
  if (kind === "i" && parts.length === 2) return { blockId: parts[0], itemId: parts[1] };
  if (kind === "p" && parts.length === 3) return { blockId: parts[0], itemId: parts[1], pathId: parts[2] };
  return undefined;
}

export const GROUP_TARGET = "g";
export const blockTargetHandleId = (blockId: string) => `t:${blockId}`;

export function parseTargetHandle(groupId: string, handle: string | null | undefined): EdgeTarget {
  if (handle?.startsWith("t:")) return { groupId, blockId: handle.slice(2) };
  return { groupId };
}

export const sameSource = (a: EdgeSource, b: EdgeSource) => sourceHandleId(a) === sourceHandleId(b);
