import { z } from "zod";
import { AppError, type ErrorIssue } from "../errors.js";
import { botDocumentSchema, publicIdSchema, resultsTablePreferencesSchema } from "../schemas/bot.js";
import type { ImportNotice } from "../schemas/bot-import.js";
import { upgradeBotDocument } from "../schemas/upgrade.js";
import type { Caller } from "../store/users-repository.js";
import { createBot, requireWritableBot } from "./bots.js";
import { normalizeCustomDomain } from "./custom-domains.js";
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
 * from (id, workspace, folder, credentials) is dropped; the public id and custom domain are kept
 * apart (see `addressesToKeep`) because a site's embed code names them; ids of groups,
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
  const { kept, notices } = await addressesToKeep(ctx, exported);
  const created = await createBot(ctx, caller, workspaceId, { ...bot, ...kept, name: bot.name?.trim() || "My bot" });
  return { bot: created, notices };
}

/**
 * The export's public id and custom domain, when this instance has them free: a site whose embed code
 * names them then works once the bot is published, without the owner re-entering them. One that is
 * taken (or not a valid public id here) is left out and named in a notice, with the value to re-enter.
 */
async function addressesToKeep(
  ctx: AppContext,
  exported: Record<string, unknown>,
): Promise<{ kept: { publicId?: string; customDomain?: string }; notices: ImportNotice[] }> {
  const kept: { publicId?: string; customDomain?: string } = {};
  const notices: ImportNotice[] = [];
  const publicId = typeof exported.publicId === "string" ? exported.publicId.trim() : "";
  if (publicId) {
    const valid = publicIdSchema.safeParse(publicId);
    if (!valid.success)
      notices.push({
        code: "PUBLIC_ID_INVALID",
        field: "publicId",
        value: publicId,
        message: `The export's public id "${publicId}" was not kept: ${valid.error.issues[0]?.message}. Set another one in Settings → Public id.`,
      });
    else if (await ctx.bots.isPublicIdTaken(publicId))
      notices.push({
        code: "PUBLIC_ID_TAKEN",
        field: "publicId",
        value: publicId,
        message: `The export's public id "${publicId}" was not kept: another bot of this server uses it. Free it there and enter it in Settings → Public id, or change the embed code to the new bot's id.`,
      });
    else kept.publicId = publicId;
  }
  const domain = typeof exported.customDomain === "string" ? normalizeCustomDomain(exported.customDomain) : "";
  if (domain) {
    if (await ctx.bots.isCustomDomainTaken(domain))
      notices.push({
        code: "CUSTOM_DOMAIN_TAKEN",
        field: "customDomain",
        value: domain,
        message: `The export's custom domain ${domain} was not kept: another bot of this server uses it.`,
      });
    else kept.customDomain = domain;
  }
  return { kept, notices };
}
