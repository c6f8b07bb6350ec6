import { Readable } from "node:stream";
import { streamMessage } from "../integrations/openai/stream-message.js";
import type { AppContext } from "../services/context.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

export function streamRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.streamMessage,
      cors: true,
      // Each call runs the model again: limited like the chat messages it belongs to.
      rateLimit: ["continuePerSession", "continuePerIp"],
      handler: async ({ params, request, reply }) => {
        const chunks = await streamMessage(ctx, params.sessionId, request.headers.origin);
        return reply
          .header("content-type", "text/plain; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          .send(Readable.from(chunks));
      },
    }),
  ];
}
