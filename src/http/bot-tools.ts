import { z } from "zod";
import { botSchema } from "../schemas/bot.js";
import { idSchema } from "../schemas/common.js";
import { lintFindingsSchema } from "../schemas/lint.js";
import { duplicateBot, importBot } from "../services/bot-copies.js";
import { lintDraft } from "../services/bots.js";
import type { AppContext } from "../services/context.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { defineRoute } from "./route.js";

const botIdParams = z.object({ botId: idSchema });

/** What the builder does with whole bots besides editing them: copy, import, check. */
export function botToolRoutes(ctx: AppContext) {
  const tags = ["Bots"];
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/duplicate",
      summary: 'Copy a bot into its workspace ("<name> (copy)", unpublished, without public id)',
      tags,
      auth: "token",
      params: botIdParams,
      response: z.object({ bot: botSchema }),
      handler: async ({ caller, params }) => ({ bot: await duplicateBot(ctx, caller!, params.botId) }),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/import",
      summary: "Import a bot export: Parley's own, or the reference product's unchanged (schema versions 3 to 6)",
      tags,
      auth: "token",
      bodyLimit: BOT_BODY_LIMIT,
      body: z.object({ workspaceId: idSchema, bot: z.record(z.string(), z.unknown()) }),
      response: z.object({ bot: botSchema }),
      handler: async ({ caller, body }) => ({ bot: await importBot(ctx, caller!, body.workspaceId, body.bot) }),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/lint",
      summary: "Check the draft: unreached groups, dead ends, unset variables, missing targets, empty bubbles",
      tags,
      auth: "token",
      params: botIdParams,
      response: z.object({ findings: lintFindingsSchema }),
      handler: async ({ caller, params }) => lintDraft(ctx, caller!, params.botId),
    }),
  ];
}
