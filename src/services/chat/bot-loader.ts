import { notFound } from "../../errors.js";
import type { BotLoaderPort } from "../../engine/ports.js";
import type { BotsRepository } from "../../store/bots-repository.js";
import type { ChatRepository } from "../../store/chat-repository.js";
import { storedDocument } from "../bot-view.js";
import { parseRuntimeBot, type RuntimeBotCache } from "./runtime-bot-cache.js";

/**
 * What loading a bot needs. Narrower than the whole context on purpose: the engine's ports hold a
 * loader, and the context holds the ports, so the loader is built before the context exists.
 */
export type BotSource = { bots: BotsRepository; runtimeBots: RuntimeBotCache };
/** Finding a bot by the public id a visitor starts with: on the chat turn's own path (ChatRepository). */
type PublicBotSource = BotSource & { chat: Pick<ChatRepository, "findLiveBot"> };

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

/** What a public id serves: the published version, or on a staging id what staging was set to. */
export type ServedBot = {
  id: string;
  name: string;
  workspaceId: string;
  versionId: string;
  /** Staging ids answer even when the bot is closed: the owner is trying it out. */
  isClosed: boolean;
  isStaging: boolean;
};

/**
 * The bot and version behind an id visitors use: a bot's public id (its published version), or its
 * private staging id (the version staging serves, or a frozen copy of the draft as saved now).
 */
export async function servedByPublicId(source: PublicBotSource, publicId: string): Promise<ServedBot | undefined> {
  const row = await source.chat.findLiveBot(publicId);
  if (row) {
    if (!row.publishedVersionId) return undefined;
    const { id, name, workspaceId, publishedVersionId: versionId } = row;
    return { id, name, workspaceId, versionId, isClosed: row.isClosed === 1, isStaging: false };
  }
  const staged = await source.bots.findByStagingPublicId(publicId);
  if (!staged) return undefined;
  const versionId = staged.stagingVersionId ?? (await source.bots.stagingCopyOfDraft(staged));
  return {
    id: staged.id,
    name: staged.name,
    workspaceId: staged.workspaceId,
    versionId,
    isClosed: false,
    isStaging: true,
  };
}

/** The bot behind a public or staging id, as its chat page shows it; undefined when it serves nothing. */
export async function loadPublicBot(source: PublicBotSource, publicId: string) {
  const served = await servedByPublicId(source, publicId);
  if (!served) return undefined;
  const { bot } = await loadPublishedBot(source, served.id, served.versionId);
  return { bot, name: served.name, isClosed: served.isClosed };
}
