import type { ActionExecutor } from "../executor.js";

/** Back to where the last Jump (or an event) left the flow; without one, simply the next block. */
export const returnExecutor: ActionExecutor<"Return"> = {
  kind: "action",
  execute(_block, ctx) {
    const returnTo = ctx.state.returnTo;
    if (!returnTo) return {};
    return { goTo: returnTo, navigation: { returnTo: undefined } };
  },
};
