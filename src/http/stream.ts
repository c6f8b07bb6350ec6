import { Readable } from "node:stream";
import { z } from "zod";
import { streamMessage } from "../services/chat/stream-message.js";
import { idSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import { callingOrigin, defineRoute } from "./route.js";

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
        const chunks = await streamMessage(ctx, params.sessionId, callingOrigin(request));
        return reply
          .header("content-type", "text/plain; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          .send(Readable.from(chunks));
      },
    }),
    defineRoute({
      method: "POST",
      url: "/api/v2/sessions/:sessionId/streamMessage",
      summary:
        "Stream the AI reply the session waits for, in the AI SDK data stream format (`0:` text parts, `3:` error parts)",
      tags: ["Chat"],
      auth: "none",
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      params: z.object({ sessionId: idSchema }),
      body: z.object({ messages: z.array(z.unknown()).optional() }).optional(),
      response: z.string().meta({ description: "text/plain; one `<code>:<JSON>` part per line" }),
      handler: async ({ params, request, reply }) => {
        const chunks = await streamMessage(ctx, params.sessionId, request.headers.origin);
        return reply
          .header("content-type", "text/plain; charset=utf-8")
          .header("x-vercel-ai-data-stream", "v1")
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          .send(Readable.from(dataStreamParts(chunks)));
      },
    }),
  ];
}

/**
 * Text pieces as data stream parts. A failure once the stream has begun can only be told in the
 * stream: an error part carrying `{context, description, details}` as the reference's clients read it.
 */
export async function* dataStreamParts(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  try {
    for await (const chunk of chunks) yield `0:${JSON.stringify(chunk)}\n`;
  } catch (error) {
    const description = error instanceof Error ? error.message : String(error);
    yield `3:${JSON.stringify(JSON.stringify({ context: "While streaming the answer", description }))}\n`;
  }
}
