import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { eventStreamLimitsOf } from "./event-stream-limits.js";
import { chatRouteContracts } from "../schemas/chat-routes.js";
import { webhookCallBodySchema, webhookCallParams, webhookCallRouteContracts } from "../schemas/webhook-call-routes.js";
import type { AppContext } from "../services/context.js";
import { openSessionEvents } from "../services/chat/session-events.js";
import { executeTestWebhook, executeWebhook } from "../services/chat/webhook-calls.js";
import { callingOrigin, defineRoute } from "./route.js";
import { messageResponseSchema } from "../schemas/common.js";

/** The outside system's JSON is small; a larger body is refused (413) before it is read. */
export const WEBHOOK_CALL_BODY_LIMIT = 64 * 1024;

/** One server-sent event: its name and JSON data (a heartbeat has none to carry). */
export const toEventText = (item: { event: string; data?: unknown }): string =>
  `event: ${item.event}\ndata: ${"data" in item ? JSON.stringify(item.data) : "{}"}\n\n`;

export async function* eventStream(events: AsyncGenerator<{ event: string; data?: unknown }>): AsyncGenerator<string> {
  // Tells the browser how long to wait before reconnecting after a dropped connection.
  yield "retry: 2000\n\n";
  for await (const item of events) yield toEventText(item);
}

/** Ends the stream's wait when the visitor's page goes away (or the stream is ended here). */
export function closedController(request: FastifyRequest, reply: FastifyReply): AbortController {
  const controller = new AbortController();
  request.raw.once("close", () => controller.abort());
  reply.raw.once("close", () => controller.abort());
  return controller;
}

/**
 * Answers with `events` as server-sent events. `stream`, the connection's hold on the stream limits,
 * ends when the connection closes (or at once, if it already has).
 */
export function sendEventStream(
  reply: FastifyReply,
  events: AsyncGenerator<{ event: string; data?: unknown }>,
  closed: AbortController,
  stream: { end(): void },
): FastifyReply {
  if (closed.signal.aborted) stream.end();
  else closed.signal.addEventListener("abort", () => stream.end());
  return reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-accel-buffering", "no")
    .send(Readable.from(eventStream(events)));
}

export function webhookCallRoutes(ctx: AppContext) {
  // Made on first use: the route table is also built without a running server (the OpenAPI document).
  const streamLimits = () => eventStreamLimitsOf(ctx);
  return [
    defineRoute({
      ...webhookCallRouteContracts.executeWebhook,
      bodyLimit: WEBHOOK_CALL_BODY_LIMIT,
      handler: ({ caller, params, body }) => executeWebhook(ctx, caller!, params, body),
    }),
    defineRoute({
      ...webhookCallRouteContracts.executeTestWebhook,
      bodyLimit: WEBHOOK_CALL_BODY_LIMIT,
      handler: ({ caller, params, body }) => executeTestWebhook(ctx, caller!, params, body),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/typebots/:botId/blocks/:blockId/results/:resultId/executeWebhook",
      summary: "The reference's path of executeWebhook (its `typebotId` is the bot's id)",
      tags: ["Typebot embed compatibility"],
      auth: "token",
      access: "write",
      bodyLimit: WEBHOOK_CALL_BODY_LIMIT,
      params: webhookCallParams,
      body: webhookCallBodySchema,
      response: messageResponseSchema,
      handler: ({ caller, params, body }) => executeWebhook(ctx, caller!, params, body),
    }),
    defineRoute({
      ...chatRouteContracts.sessionEvents,
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      handler: async ({ params, query, request, reply }) => {
        // Counted from here until the response closes, whether the stream opens or is refused.
        const place = streamLimits().admit(request.ip);
        reply.raw.once("close", () => place.release());
        const closed = closedController(request, reply);
        const events = await openSessionEvents(
          ctx,
          params.sessionId,
          query.blockId,
          callingOrigin(request),
          closed.signal,
        );
        // Only a stream that opened replaces the session's previous one.
        return sendEventStream(
          reply,
          events,
          closed,
          streamLimits().claimSession(params.sessionId, () => closed.abort()),
        );
      },
    }),
  ];
}
