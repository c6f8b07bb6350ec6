import type { Block, BotDocument } from "../../lib/types.js";
import { idleTimeoutOf, MAX_IDLE_SECONDS } from "./idle-edge.js";
import { findBlock, removeEdges, updateBlock } from "./operations.js";

/**
 * Sets how long the input waits before its idle path (whole seconds, 1 to 86,400), or removes the
 * idle timeout with its edge when `seconds` is undefined.
 */
export function setIdleSeconds(doc: BotDocument, blockId: string, seconds: number | undefined): BotDocument {
  const block = findBlock(doc, blockId)?.block;
  if (!block) return doc;
  const current = idleTimeoutOf(block);
  const options = (block as { options?: Record<string, unknown> }).options ?? {};
  if (seconds === undefined || Number.isNaN(seconds)) {
    if (!current) return doc;
    const { idleTimeout: _removed, ...rest } = options;
    const without = updateBlock(doc, blockId, (value) => ({ ...value, options: rest }) as Block);
    return current.outgoingEdgeId ? removeEdges(without, new Set([current.outgoingEdgeId])) : without;
  }
  const whole = Math.min(MAX_IDLE_SECONDS, Math.max(1, Math.round(seconds)));
  return updateBlock(
    doc,
    blockId,
    (value) => ({ ...value, options: { ...options, idleTimeout: { ...current, seconds: whole } } }) as Block,
  );
}
