import type { Block } from "../../lib/types.js";
import { idleEdgeId, withIdleEdge } from "./idle-edge.js";

/**
 * A block's side exit: an exit stored in its options rather than as its `outgoingEdgeId`. An input's
 * idle path (`options.idleTimeout.outgoingEdgeId`) or a hand-off's "No operator" exit
 * (`options.noOperatorEdgeId`, taken when nobody takes the chat in time). On the canvas it is the
 * source `{ blockId, idle: true }` (handle `x:<blockId>`); its edge is stored `from: { blockId }`.
 */
export function sideExitEdgeId(block: Block): string | undefined {
  if (block.type === "hand off") return block.options?.noOperatorEdgeId;
  return idleEdgeId(block);
}

/** The block with its side exit's edge set (or cleared); a block without a side exit is left as is. */
export function withSideExitEdge(block: Block, edgeId: string | undefined): Block {
  if (block.type !== "hand off") return withIdleEdge(block, edgeId);
  const { noOperatorEdgeId: _removed, ...options } = block.options ?? {};
  return { ...block, options: edgeId ? { ...options, noOperatorEdgeId: edgeId } : options } as Block;
}
