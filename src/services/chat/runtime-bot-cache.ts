import { AppError, zodIssues } from "../../errors.js";
import { createRuntimeBot, type BotDocument, type RuntimeBot } from "../../engine/runtime-bot.js";
import { botDocumentSchema } from "../../schemas/bot.js";
import { needsUpgrade, upgradeBotDocument } from "../../schemas/upgrade.js";

/**
 * Parses a document (upgrading older schema versions first) into a runtime bot. A document that does
 * not validate answers 400 with the path of the fault, prefixed with `pathPrefix`.
 */
export function parseRuntimeBot(botId: string, document: unknown, pathPrefix = "bot"): RuntimeBot {
  const upgraded = needsUpgrade(document) ? upgradeBotDocument(document) : document;
  const parsed = botDocumentSchema.safeParse(upgraded);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error, pathPrefix);
    throw new AppError("INVALID_BOT", `Invalid bot: ${issues[0]?.path}: ${issues[0]?.message}`, { issues });
  }
  return createRuntimeBot(botId, parsed.data as BotDocument);
}

/**
 * Published versions never change, so a parsed version can be kept by id on any instance. Bounded
 * (least recently used goes first) so that memory stays flat however many bots are published.
 */
export class RuntimeBotCache {
  private readonly entries = new Map<string, Promise<RuntimeBot>>();

  constructor(private readonly maxEntries = 500) {}

  get(versionId: string, load: () => Promise<RuntimeBot>): Promise<RuntimeBot> {
    const cached = this.entries.get(versionId);
    if (cached) {
      this.entries.delete(versionId);
      this.entries.set(versionId, cached);
      return cached;
    }
    const loading = load();
    this.entries.set(versionId, loading);
    loading.catch(() => this.entries.delete(versionId));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }
}
