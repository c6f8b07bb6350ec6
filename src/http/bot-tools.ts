import { duplicateBot, importBot } from "../services/bot-copies.js";
import { lintDraft } from "../services/bots.js";
import type { AppContext } from "../services/context.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

/** What the builder does with whole bots besides editing them: copy, import, check. */
export function botToolRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.duplicateBot,
      handler: async ({ caller, params }) => ({ bot: await duplicateBot(ctx, caller!, params.botId) }),
    }),
    defineRoute({
      ...apiRoutes.importBot,
      bodyLimit: BOT_BODY_LIMIT,
      handler: async ({ caller, body }) => importBot(ctx, caller!, body.workspaceId, body.bot),
    }),
    defineRoute({
      ...apiRoutes.lintBot,
      handler: async ({ caller, params }) => lintDraft(ctx, caller!, params.botId),
    }),
  ];
}
