import { evaluateCondition } from "../../conditions/evaluate-condition.js";
import type { ActionExecutor } from "../executor.js";

/**
 * The first item whose condition holds wins (null when that item is not connected: the flow stops
 * there); no item holds → the block's own edge, the "else" path, or the next block when it has none.
 */
export const conditionExecutor: ActionExecutor<"Condition"> = {
  kind: "action",
  execute(block, ctx) {
    const matched = block.items.find((item) => evaluateCondition(item.content, ctx.state.variables));
    if (matched) return { outgoingEdgeId: matched.outgoingEdgeId ?? null };
    return { outgoingEdgeId: block.outgoingEdgeId };
  },
};
