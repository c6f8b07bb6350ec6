import type { AppContext } from "../services/context.js";
import { saveClientLogs } from "../services/chat/client-logs.js";
import { continueChat } from "../services/chat/continue-chat.js";
import { startPreviewChat, startPublicChat } from "../services/chat/start-chat.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { callingOrigin, defineRoute } from "./route.js";

/** A visitor's message is small; only a preview carrying a whole bot needs the larger limit. */
const CHAT_BODY_LIMIT = 256 * 1024;

export function chatRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.startChat,
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      handler: ({ params, body, request }) => startPublicChat(ctx, params.publicId, body, callingOrigin(request)),
    }),
    defineRoute({
      ...apiRoutes.startPreviewChat,
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: BOT_BODY_LIMIT,
      handler: ({ params, body, caller }) => startPreviewChat(ctx, caller, params.botId, body),
    }),
    defineRoute({
      ...apiRoutes.continueChat,
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      handler: ({ params, body, request }) => continueChat(ctx, params.sessionId, body, callingOrigin(request)),
    }),
    defineRoute({
      ...apiRoutes.saveClientLogs,
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      handler: ({ params, body, request }) => saveClientLogs(ctx, params.sessionId, body, callingOrigin(request)),
    }),
  ];
}
