import type { BlockType } from "../../schemas/blocks/index.js";
import type { ActionExecutor } from "./executor.js";

/**
 * For blocks this server cannot run: the visitor is not left stranded; the block is logged and the
 * flow goes on along its edge.
 */
export function unsupportedExecutor<T extends BlockType>(type: T): ActionExecutor<T> {
  const executor: ActionExecutor<T> = {
    kind: "action",
    execute: (block) => ({
      outgoingEdgeId: (block as { outgoingEdgeId?: string }).outgoingEdgeId,
      logs: [{ status: "error", description: `${type} is not supported by this server` }],
    }),
  };
  unsupported.add(executor);
  return executor;
}

const unsupported = new WeakSet<object>();

/** True for the stand-in of a kind this server cannot run (the block catalogue's `notRunnableKinds`). */
export const isUnsupportedExecutor = (executor: object): boolean => unsupported.has(executor);
