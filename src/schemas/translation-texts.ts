import type { Block } from "./blocks/index.js";
import type { TranslationValue } from "./translations.js";

// Plain functions without zod: the builder bundles them to list and mark a block's translatable texts.

/** Where a translated text goes in its block: the bubble's content, a label, the retry message, an item. */
export type TextSlot = "content" | "placeholder" | "button" | "retryMessage" | "item";

/** One text of a block by its translation key (issue #23), with the default language's value (the block's own). */
export type BlockText = { key: string; slot: TextSlot; defaultValue: TranslationValue };

type Options = {
  labels?: { placeholder?: unknown; button?: unknown };
  buttonLabel?: unknown;
  searchInputPlaceholder?: unknown;
  retryMessageContent?: unknown;
};
type Item = { id: string; content?: unknown; title?: unknown };

/** A text worth translating: set and not blank. */
export const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The texts of one block, in the order the visitor meets them. */
export function blockTexts(block: Block): BlockText[] {
  const texts: BlockText[] = [];
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

/** A translation that is there to show: an empty text or empty rich text counts as missing. */
export function isPresentTranslation(value: TranslationValue | undefined): value is TranslationValue {
  if (value === undefined) return false;
  return typeof value === "string" ? value.trim() !== "" : value.length > 0;
}
