import type { ActionExecutor } from "../executor.js";
import { analyticsPayload } from "./analytics-payload.js";

/** Live chats only, and only with a pixel id and an event: the client sends the event. */
export const pixelExecutor: ActionExecutor<"Pixel"> = {
  kind: "action",
  execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options;
    if (ctx.state.mode === "preview" || !options?.pixelId || !options.eventType) return next;
    // The id is sent as written: type guessing would turn a long numeric id into a rounded number.
    const pixel = {
      ...(analyticsPayload(options, ctx.state.variables) as Record<string, unknown>),
      pixelId: options.pixelId,
    };
    return { ...next, clientSideActions: [{ type: "pixel", pixel }] };
  },
};
