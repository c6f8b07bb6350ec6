import { AppError, notFound } from "../../errors.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import { needsUpgrade, upgradeBotDocument } from "../../schemas/upgrade.js";
import type { AppContext } from "../context.js";
import { toBotDocument } from "../bot-view.js";
import { parseRuntimeBot } from "../chat/runtime-bot-cache.js";
import { loadPublishedBot } from "../chat/bot-loader.js";

/**
 * A bot export (Parley's, or the reference product's, any schema version) as the engine runs it.
 * Parts an older export lacks get their empty defaults, as an import gives them.
 */
export function botFromExport(exported: unknown): RuntimeBot {
  if (typeof exported !== "object" || exported === null || Array.isArray(exported))
    throw new AppError("BAD_REQUEST", "A bot export is a JSON object");
  const upgraded = (needsUpgrade(exported) ? upgradeBotDocument(exported) : exported) as Record<string, unknown>;
  const id = typeof upgraded.id === "string" && upgraded.id ? upgraded.id : "test-bot";
  return parseRuntimeBot(id, { edges: [], variables: [], theme: {}, settings: {}, ...upgraded });
}

/**
 * A stored bot by id or public id, as the CLI reaches it (no caller: the CLI has the database): its
 * draft, or its published version.
 */
export async function storedBot(
  ctx: AppContext,
  idOrPublicId: string,
  published: boolean,
): Promise<{ bot: RuntimeBot; workspaceId: string; botId: string }> {
  const byPublicId = await ctx.bots.findByPublicId(idOrPublicId);
  const row = await ctx.bots.findById(byPublicId?.id ?? idOrPublicId);
  if (!row || row.isArchived) throw notFound(`No bot with the id or public id ${idOrPublicId}`);
  if (!published)
    return { bot: parseRuntimeBot(row.id, toBotDocument(row)), workspaceId: row.workspaceId, botId: row.id };
  if (!row.publishedVersionId) throw notFound(`The bot ${idOrPublicId} is not published`);
  const { bot } = await loadPublishedBot(ctx, row.id, row.publishedVersionId);
  return { bot, workspaceId: row.workspaceId, botId: row.id };
}
