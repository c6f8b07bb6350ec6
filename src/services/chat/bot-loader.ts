import { notFound } from "../../errors.js";
import type { BotLoaderPort } from "../../engine/ports.js";
import type { BotsRepository } from "../../store/bots-repository.js";
import { storedDocument } from "../bot-view.js";
import { parseRuntimeBot, type RuntimeBotCache } from "./runtime-bot-cache.js";

/**
 * What loading a bot needs. Narrower than the whole context on purpose: the engine's ports hold a
 * loader, and the context holds the ports, so the loader is built before the context exists.
 */
export type BotSource = { bots: BotsRepository; runtimeBots: RuntimeBotCache };

/** A published version, parsed once per instance (versions never change). */
export async function loadPublishedBot(source: BotSource, botId: string, versionId: string) {
  const bot = await source.runtimeBots.get(versionId, async () => {
    const version = await source.bots.findVersion(versionId);
    if (!version) throw notFound("Bot not found");
    const parsed = parseRuntimeBot(
      botId,
      { version: version.version, ...JSON.parse(version.document) },
      "publishedBot",
    );
    return { ...parsed, publishedAt: version.createdAt };
  });
  return { bot, versionId, publishedAt: bot.publishedAt };
}

/**
 * Linked bots: the published version for visitors (naming that version, for the linked bot's own
 * result), the draft in a preview.
 */
export function createBotLoader(source: BotSource): BotLoaderPort {
  return {
    async load(botId, mode, workspaceId) {
      const row = await source.bots.findById(botId);
      if (!row || row.isArchived || !workspaceId || row.workspaceId !== workspaceId) return undefined;
      if (mode === "preview") return parseRuntimeBot(row.id, { version: row.version, ...storedDocument(row) });
      if (!row.publishedVersionId) return undefined;
      const { bot, versionId } = await loadPublishedBot(source, row.id, row.publishedVersionId);
      return bot.versionId === versionId ? bot : { ...bot, versionId };
    },
  };
}

/** The published bot behind a public id, as its chat page shows it; undefined when none is published there. */
export async function loadPublicBot(source: BotSource, publicId: string) {
  const row = await source.bots.findByPublicId(publicId);
  if (!row?.publishedVersionId) return undefined;
  const { bot } = await loadPublishedBot(source, row.id, row.publishedVersionId);
  return { bot, name: row.name, isClosed: row.isClosed };
}
