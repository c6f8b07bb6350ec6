import { Readable } from "node:stream";
import { z } from "zod";
import { streamMessage } from "../services/chat/stream-message.js";
import { idSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import { defineRoute } from "./route.js";

export function streamRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/sessions/:sessionId/streamMessage",
      summary: "Stream, as plain text, the AI reply the session waits for (after a `stream` client action)",
      tags: ["Chat"],
      auth: "none",
      cors: true,
      // Each call runs the model again: limited like the chat messages it belongs to.
      rateLimit: ["continuePerSession", "continuePerIp"],
      params: z.object({ sessionId: idSchema }),
      // Older clients send the messages to complete; the server rebuilds them from the session instead.
      body: z.object({ messages: z.array(z.unknown()).optional() }),
      response: z.string().meta({ description: "text/plain; the reply as it is produced" }),
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
