import { z } from "zod";
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
import { BOT_BODY_LIMIT } from "./bots.js";
import { callingOrigin, defineRoute } from "./route.js";

/** A visitor's message is small; only a preview carrying a whole bot needs the larger limit. */
const CHAT_BODY_LIMIT = 256 * 1024;

export function chatRoutes(ctx: AppContext) {
  const tags = ["Chat"];
  return [
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
      handler: ({ params, body, request }) => startPublicChat(ctx, params.publicId, body, callingOrigin(request)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/preview/startChat",
      summary:
        "Start a preview chat (the bot in the body, or the stored draft for a member); nothing is saved to results",
      tags,
      auth: "optional",
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: BOT_BODY_LIMIT,
      params: z.object({ botId: idSchema }),
      body: previewStartChatInputSchema,
      response: startChatResponseSchema,
      handler: ({ params, body, caller }) => startPreviewChat(ctx, caller, params.botId, body),
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
