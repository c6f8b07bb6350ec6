import type { Block } from "../../schemas/blocks/index.js";
import type { BotDocument } from "../../schemas/bot.js";
import { settingsDefaults } from "../../schemas/settings.js";
import { blockTexts, isText, type TextSlot } from "../../schemas/translation-texts.js";
import type { TranslationValue } from "../../schemas/translations.js";

export { blockTexts, isPresentTranslation, type TextSlot } from "../../schemas/translation-texts.js";

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
