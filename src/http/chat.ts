import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../errors.js";
import {
  clientLogsInputSchema,
  continueChatInputSchema,
  continueChatResponseSchema,
  previewStartChatInputSchema,
  startChatInputSchema,
  startChatResponseSchema,
} from "../schemas/chat.js";
import { idSchema, messageResponseSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import { saveClientLogs } from "../services/chat/client-logs.js";
import { continueChat } from "../services/chat/continue-chat.js";
import { startPreviewChat, startPublicChat } from "../services/chat/start-chat.js";
import { createPreviewToken, PREVIEW_TOKEN_PREFIX, previewCaller } from "../services/auth/preview-tokens.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { createAuthenticate } from "./authenticate.js";
import { acceptLanguage, callingOrigin, defineRoute } from "./route.js";

/** A visitor's message is small; only a preview carrying a whole bot needs the larger limit. */
const CHAT_BODY_LIMIT = 256 * 1024;

const PREVIEW_TOKEN_HEADER = new RegExp(`^Bearer (${PREVIEW_TOKEN_PREFIX}[A-Za-z0-9_-]{1,100})$`);

export function chatRoutes(ctx: AppContext) {
  const tags = ["Chat"];
  const authenticate = createAuthenticate(ctx);
  /** A preview token stands for its member on its own bot's preview only; anything else authenticates as usual. */
  async function previewStarter(request: FastifyRequest, botId: string) {
    const previewToken = PREVIEW_TOKEN_HEADER.exec(request.headers.authorization?.trim() ?? "")?.[1];
    if (!previewToken) return authenticate(request);
    const caller = await previewCaller(ctx, previewToken, botId);
    if (!caller) throw new AppError("UNAUTHORIZED", "Unknown or expired preview token for this bot");
    return caller;
  }
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/preview/token",
      summary:
        "A 15-minute token for the builder's sandboxed preview frame: it starts previews of this bot only, nothing else",
      tags,
      auth: "token",
      // Only reads the bot: guests may preview it too.
      access: "read",
      params: z.object({ botId: idSchema }),
      response: z.object({ token: z.string(), expiresAt: z.string() }),
      handler: ({ params, caller }) => createPreviewToken(ctx, caller!, params.botId),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:publicId/startChat",
      summary: "Start a public chat on a published bot",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      params: z.object({ publicId: idSchema }),
      body: startChatInputSchema,
      response: startChatResponseSchema,
      handler: ({ params, body, request }) =>
        startPublicChat(ctx, params.publicId, body, callingOrigin(request), acceptLanguage(request)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/preview/startChat",
      summary:
        "Start a preview chat (the bot in the body, or the stored draft for a member); nothing is saved to results",
      tags,
      // Optional sign-in, resolved by the handler: a preview token counts here and nowhere else.
      auth: "none",
      cors: true,
      corsAuthorization: true,
      rateLimit: ["startPerIp"],
      bodyLimit: BOT_BODY_LIMIT,
      params: z.object({ botId: idSchema }),
      body: previewStartChatInputSchema,
      response: startChatResponseSchema,
      handler: async ({ params, body, request }) =>
        startPreviewChat(ctx, await previewStarter(request, params.botId), params.botId, body, acceptLanguage(request)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/sessions/:sessionId/continueChat",
      summary: "Continue a chat with the visitor's next message",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      params: z.object({ sessionId: idSchema }),
      body: continueChatInputSchema,
      response: continueChatResponseSchema,
      handler: ({ params, body, request }) => continueChat(ctx, params.sessionId, body, callingOrigin(request)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/sessions/:sessionId/clientLogs",
      summary: "Save client-side logs on the session's result",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      params: z.object({ sessionId: idSchema }),
      body: clientLogsInputSchema,
      response: messageResponseSchema,
      handler: ({ params, body, request }) => saveClientLogs(ctx, params.sessionId, body, callingOrigin(request)),
    }),
  ];
}
