import type { ActionExecutor } from "../executor.js";

/** Path A for `aPercent` % of visitors (default 50), path B otherwise; the draw comes from the random port. */
export const abTestExecutor: ActionExecutor<"AB test"> = {
  kind: "action",
  execute(block, ctx) {
    const [a, b] = block.items;
    const draw = ctx.ports.random.number() * 100;
    if (draw < (block.options?.aPercent ?? 50) && a?.outgoingEdgeId) return { outgoingEdgeId: a.outgoingEdgeId };
    if (b?.outgoingEdgeId) return { outgoingEdgeId: b.outgoingEdgeId };
    return {};
  },
};
