import type { Block } from "../../schemas/blocks/index.js";
import type { TranslationValue } from "../../schemas/translations.js";
import type { RuntimeBot } from "../runtime-bot.js";
import type { SessionState } from "../session-state.js";
import { isPresentTranslation, systemMessageKey } from "./texts.js";

type Table = Readonly<Record<string, TranslationValue>>;

/**
 * The translations a session sees on a bot: none in the bot's default language, in a bot that speaks
 * one language, or before the session had a language (sessions from before languages existed).
 */
export function translationTable(bot: RuntimeBot, state: Pick<SessionState, "locale">): Table | undefined {
  const { locale } = state;
  const languages = bot.document.settings.languages;
  if (!locale || !languages || locale === languages.default) return undefined;
  return bot.document.translations?.[locale];
}

const textOf = (table: Table, key: string): string | undefined => {
  const value = table[key];
  return typeof value === "string" && isPresentTranslation(value) ? value : undefined;
};

type Options = Record<string, unknown> & { labels?: Record<string, unknown> };
type Item = { id: string; content?: string; title?: string; value?: string };

/** The options with their placeholder, button and retry message in the table's language where it has them. */
function localizedOptions(options: Options, table: Table, blockId: string): Options {
  const placeholder = textOf(table, `${blockId}.placeholder`);
  const button = textOf(table, `${blockId}.button`);
  const retryMessage = textOf(table, `${blockId}.retryMessage`);
  if (placeholder === undefined && button === undefined && retryMessage === undefined) return options;
  const next: Options = { ...options };
  const labels = options.labels ? { ...options.labels } : undefined;
  if (placeholder !== undefined) {
    if (labels && typeof labels.placeholder === "string") labels.placeholder = placeholder;
    if (typeof options.searchInputPlaceholder === "string") next.searchInputPlaceholder = placeholder;
  }
  if (button !== undefined) {
    if (labels && typeof labels.button === "string") labels.button = button;
    if (typeof options.buttonLabel === "string") next.buttonLabel = button;
  }
  if (retryMessage !== undefined && typeof options.retryMessageContent === "string")
    next.retryMessageContent = retryMessage;
  if (labels) next.labels = labels;
  return next;
}

/**
 * An item showing its translated label. Its `value` becomes the default label when it had none, so
 * that the answer saved is the same whichever language the visitor chose in (issue #23).
 */
function localizedItem(item: Item, table: Table, labelField: "content" | "title"): Item {
  const label = textOf(table, item.id);
  const original = item[labelField];
  if (label === undefined || original === undefined) return item;
  return { ...item, [labelField]: label, value: item.value || original };
}

/**
 * The block as the visitor sees it in the table's language: every text with a translation replaced,
 * every other one kept in the default language (never an empty bubble). Undefined table: the block.
 */
export function localizedBlock<T extends Block>(block: T, table: Table | undefined): T {
  if (!table) return block;
  if (block.type === "text") {
    const richText = table[block.id];
    return Array.isArray(richText) && isPresentTranslation(richText)
      ? ({ ...block, content: { ...block.content, richText } } as T)
      : block;
  }
  let next = block;
  const options = (block as { options?: Options }).options;
  if (options) {
    const translated = localizedOptions(options, table, block.id);
    if (translated !== options) next = { ...next, options: translated };
  }
  if (block.type === "choice input" || block.type === "picture choice input") {
    const field = block.type === "choice input" ? "content" : "title";
    next = { ...next, items: (block.items as Item[]).map((item) => localizedItem(item, table, field)) };
  }
  return next;
}

/** A system message in the session's language: its translation, else the bot's own text, else undefined. */
export function localizedSystemMessage(
  bot: RuntimeBot,
  state: Pick<SessionState, "locale">,
  name: string,
): string | undefined {
  const table = translationTable(bot, state);
  const translated = table ? textOf(table, systemMessageKey(name)) : undefined;
  if (translated !== undefined) return translated;
  const own = (bot.document.settings.general?.systemMessages as Record<string, string | undefined> | undefined)?.[name];
  return own || undefined;
}

/** The settings sent to the client, with its system messages in the session's language. */
export function localizedSettings(
  bot: RuntimeBot,
  state: Pick<SessionState, "locale">,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  const table = translationTable(bot, state);
  if (!table) return settings;
  const general = (settings.general ?? {}) as Record<string, unknown>;
  const systemMessages = { ...(general.systemMessages as Record<string, unknown> | undefined) };
  let changed = false;
  for (const key of Object.keys(table)) {
    if (!key.startsWith("system.")) continue;
    const text = textOf(table, key);
    if (text === undefined) continue;
    systemMessages[key.slice("system.".length)] = text;
    changed = true;
  }
  return changed ? { ...settings, general: { ...general, systemMessages } } : settings;
}
