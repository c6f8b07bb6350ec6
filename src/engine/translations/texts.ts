import type { Block } from "../../schemas/blocks/index.js";
import type { BotDocument } from "../../schemas/bot.js";
import { settingsDefaults } from "../../schemas/settings.js";
import type { TranslationValue } from "../../schemas/translations.js";

/** Where a translated text goes in its block: the bubble's content, a label, the retry message, an item. */
export type TextSlot = "content" | "placeholder" | "button" | "retryMessage" | "item";

/** One text a visitor may see, by its translation key, with the default language's value (the block's own). */
export type TranslatableText = {
  key: string;
  slot: TextSlot | "system";
  /** Unset for system messages, which belong to the whole bot. */
  blockId?: string;
  groupId?: string;
  defaultValue: TranslationValue;
};

/** System messages a bot can translate: those the engine and the closed page show, and any the bot sets. */
const ALWAYS_TRANSLATABLE_SYSTEM_MESSAGES = ["invalidMessage", "botClosed"] as const;

export const systemMessageKey = (name: string): string => `system.${name}`;

type Options = {
  labels?: { placeholder?: unknown; button?: unknown };
  buttonLabel?: unknown;
  searchInputPlaceholder?: unknown;
  retryMessageContent?: unknown;
};
type Item = { id: string; content?: unknown; title?: unknown };

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The texts of one block, in the order the visitor meets them. */
export function blockTexts(block: Block): { key: string; slot: TextSlot; defaultValue: TranslationValue }[] {
  const texts: { key: string; slot: TextSlot; defaultValue: TranslationValue }[] = [];
  if (block.type === "text") {
    const richText = block.content?.richText;
    if (richText?.length) texts.push({ key: block.id, slot: "content", defaultValue: richText });
    return texts;
  }
  const options = (block as { options?: Options }).options;
  const placeholder = options?.labels?.placeholder ?? options?.searchInputPlaceholder;
  const button = options?.labels?.button ?? options?.buttonLabel;
  if (isText(placeholder))
    texts.push({ key: `${block.id}.placeholder`, slot: "placeholder", defaultValue: placeholder });
  if (isText(button)) texts.push({ key: `${block.id}.button`, slot: "button", defaultValue: button });
  if (isText(options?.retryMessageContent))
    texts.push({ key: `${block.id}.retryMessage`, slot: "retryMessage", defaultValue: options.retryMessageContent });
  if (block.type === "choice input" || block.type === "picture choice input")
    for (const item of block.items as Item[]) {
      const label = block.type === "choice input" ? item.content : item.title;
      if (isText(label)) texts.push({ key: item.id, slot: "item", defaultValue: label });
    }
  return texts;
}

/** Every translatable text of a bot: its blocks' texts in document order, then its system messages. */
export function translatableTexts(document: Pick<BotDocument, "groups" | "settings">): TranslatableText[] {
  const texts: TranslatableText[] = [];
  for (const group of document.groups)
    for (const block of group.blocks as Block[])
      for (const text of blockTexts(block)) texts.push({ ...text, blockId: block.id, groupId: group.id });
  const systemMessages: Record<string, string | undefined> = {
    ...settingsDefaults.general.systemMessages,
    ...document.settings.general?.systemMessages,
  };
  const names = new Set<string>([
    ...ALWAYS_TRANSLATABLE_SYSTEM_MESSAGES,
    ...Object.keys(document.settings.general?.systemMessages ?? {}),
  ]);
  for (const name of names) {
    const value = systemMessages[name];
    if (isText(value)) texts.push({ key: systemMessageKey(name), slot: "system", defaultValue: value });
  }
  return texts;
}

/** A translation that is there to show: an empty text or empty rich text counts as missing. */
export function isPresentTranslation(value: TranslationValue | undefined): value is TranslationValue {
  if (value === undefined) return false;
  return typeof value === "string" ? value.trim() !== "" : value.length > 0;
}
