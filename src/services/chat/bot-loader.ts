import type { BotLoaderPort } from "../../engine/ports.js";
import type { AppContext } from "../context.js";
import { storedDocument } from "../bot-view.js";
import { loadPublishedBot } from "./sessions.js";
import { parseRuntimeBot } from "./runtime-bot-cache.js";

/**
 * Linked bots: the published version for visitors (naming that version, for the linked bot's own
 * result), the draft in a preview.
 */
export function createBotLoader(ctx: AppContext): BotLoaderPort {
  return {
    async load(botId, mode, workspaceId) {
      const row = await ctx.bots.findById(botId);
      if (!row || row.isArchived || !workspaceId || row.workspaceId !== workspaceId) return undefined;
      if (mode === "preview") return parseRuntimeBot(row.id, { version: row.version, ...storedDocument(row) });
      if (!row.publishedVersionId) return undefined;
      const { bot, versionId } = await loadPublishedBot(ctx, row.id, row.publishedVersionId);
      return bot.versionId === versionId ? bot : { ...bot, versionId };
    },
  };
}
