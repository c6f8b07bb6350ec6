import type { Block } from "../../lib/types.js";

/** An input's idle timeout as stored: `options.idleTimeout` (seconds, and the edge of its idle path). */
export type StoredIdleTimeout = { seconds: number; outgoingEdgeId?: string };

export const MAX_IDLE_SECONDS = 86_400;

export function idleTimeoutOf(block: Block): StoredIdleTimeout | undefined {
  return (block as { options?: { idleTimeout?: StoredIdleTimeout } }).options?.idleTimeout;
}

export const idleEdgeId = (block: Block): string | undefined => idleTimeoutOf(block)?.outgoingEdgeId;

/** The block with its idle path's edge set (or cleared); a block without an idle timeout is left as is. */
export function withIdleEdge(block: Block, edgeId: string | undefined): Block {
  const idle = idleTimeoutOf(block);
  if (!idle) return block;
  const { outgoingEdgeId: _removed, ...rest } = idle;
  const options = (block as { options?: Record<string, unknown> }).options;
  return {
    ...block,
    options: { ...options, idleTimeout: edgeId ? { ...rest, outgoingEdgeId: edgeId } : rest },
  } as Block;
}
