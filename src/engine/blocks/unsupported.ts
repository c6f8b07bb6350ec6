import type { BlockType } from "../../schemas/blocks/index.js";
import type { ActionExecutor } from "./executor.js";

/**
 * For blocks this server cannot run: the visitor is not left stranded; the block is logged and the
 * flow goes on along its edge.
 */
export function unsupportedExecutor<T extends BlockType>(type: T): ActionExecutor<T> {
  return {
    kind: "action",
    execute: (block) => ({
      outgoingEdgeId: (block as { outgoingEdgeId?: string }).outgoingEdgeId,
      logs: [{ status: "error", description: `${type} is not supported by this server` }],
    }),
  };
}
