import type { ActionExecutor } from "../executor.js";
import { analyticsPayload } from "./analytics-payload.js";

/** Live chats only: the client sends the event; previews skip it silently, as the reference does. */
export const googleAnalyticsExecutor: ActionExecutor<"Google Analytics"> = {
  kind: "action",
  execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    if (ctx.state.mode === "preview" || !block.options) return next;
    return {
      ...next,
      clientSideActions: [
        { type: "googleAnalytics", googleAnalytics: analyticsPayload(block.options, ctx.state.variables) },
      ],
    };
  },
};
