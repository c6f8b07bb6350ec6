import { blockTexts, isPresentTranslation } from "../../../../../src/schemas/translation-texts.js";
import type { Block, BotDocument, RichTextNode } from "../../lib/types";

/** The languages the editor can switch to: the default first, each once. */
export function editorLanguages(doc: BotDocument): { default: string; all: string[] } | undefined {
  const languages = doc.settings.languages;
  if (!languages) return undefined;
  const all = [languages.default, ...languages.available.filter((tag) => tag !== languages.default)];
  return all.length > 1 ? { default: languages.default, all } : undefined;
}

/** The language being edited when it is not the default one (the blocks' own texts are the default's). */
export function translatedLanguage(doc: BotDocument, chosen: string | undefined): string | undefined {
  const languages = editorLanguages(doc);
  return languages && chosen && chosen !== languages.default && languages.all.includes(chosen) ? chosen : undefined;
}

/** Keys of the block's texts that `language` lacks. */
export function missingTranslations(doc: BotDocument, block: Block, language: string): string[] {
  const table = doc.translations?.[language];
  return blockTexts(block)
    .filter((text) => !isPresentTranslation(table?.[text.key]))
    .map((text) => text.key);
}

/** Rich text as the translation form shows it: one line per paragraph. */
export function richTextLines(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  const textOf = (node: RichTextNode): string =>
    typeof node.text === "string" ? node.text : (node.children ?? []).map(textOf).join("");
  return (value as RichTextNode[]).map(textOf).join("\n");
}

/** The document with one translated text set (or removed when blank). */
export function withTranslation(
  doc: BotDocument,
  language: string,
  key: string,
  value: string,
  isRichText: boolean,
): BotDocument {
  const table = { ...doc.translations?.[language] };
  if (value.trim() === "") delete table[key];
  else table[key] = isRichText ? value.split("\n").map((line) => ({ type: "p", children: [{ text: line }] })) : value;
  return { ...doc, translations: { ...doc.translations, [language]: table } };
}

export { blockTexts };
