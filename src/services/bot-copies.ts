import { z } from "zod";
import { AppError, type ErrorIssue } from "../errors.js";
import { botDocumentSchema, resultsTablePreferencesSchema } from "../schemas/bot.js";
import { upgradeBotDocument } from "../schemas/upgrade.js";
import type { Caller } from "../store/users-repository.js";
import { createBot, requireWritableBot } from "./bots.js";
import { storedDocument } from "./bot-view.js";
import type { AppContext } from "./context.js";

/** A copy in the same workspace: same flow and look, its own id, unpublished, without a public id. */
export async function duplicateBot(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  return createBot(ctx, caller, bot.workspaceId, {
    ...storedDocument(bot),
    name: `${bot.name} (copy)`,
    icon: bot.icon,
    folderId: bot.folderId,
    selectedThemeTemplateId: bot.selectedThemeTemplateId,
    resultsTablePreferences: bot.resultsTablePreferences ? JSON.parse(bot.resultsTablePreferences) : null,
  });
}

/**
 * What an export may carry once upgraded to v6. Everything that ties a bot to the instance it came
 * from (id, workspace, folder, public id, custom domain, credentials) is dropped; ids of groups,
 * blocks and edges are kept so the flow stays as drawn. Parts older exports may lack get their
 * empty defaults, and column preferences that do not parse are dropped rather than refused.
 */
const importedBotSchema = botDocumentSchema.extend({
  edges: botDocumentSchema.shape.edges.default([]),
  variables: botDocumentSchema.shape.variables.default([]),
  theme: botDocumentSchema.shape.theme.default({}),
  settings: botDocumentSchema.shape.settings.default({}),
  name: z.string().optional(),
  icon: z.string().nullish().catch(null),
  resultsTablePreferences: resultsTablePreferencesSchema.nullish().catch(null),
});

function issuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: ["bot", ...issue.path.map(String)].join("."), message: issue.message }));
}

/**
 * Stores any bot export as a new bot of the workspace: Parley's own (a bot as the API returns it)
 * or the reference product's, unchanged (brand-named fields, schema versions 3 to 6).
 */
export async function importBot(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  exported: Record<string, unknown>,
) {
  const parsed = importedBotSchema.safeParse(upgradeBotDocument(exported));
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new AppError("INVALID_BOT", `Invalid bot: ${issues[0]?.path}: ${issues[0]?.message}`, { issues });
  }
  const { version: _version, ...bot } = parsed.data;
  return createBot(ctx, caller, workspaceId, { ...bot, name: bot.name?.trim() || "My bot" });
}
