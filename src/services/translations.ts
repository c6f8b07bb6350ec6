import { AppError } from "../errors.js";
import { markdownToRichText } from "../engine/rich-text/markdown-to-rich-text.js";
import { richTextToMarkdown } from "../engine/rich-text/to-markdown.js";
import type { RichTextNode } from "../engine/rich-text/types.js";
import { availableLanguages } from "../engine/translations/locale.js";
import { type TranslatableText, translatableTexts } from "../engine/translations/texts.js";
import { CsvSyntaxError, parseCsv } from "../lib/csv-parse.js";
import type { Translations, TranslationValue } from "../schemas/translations.js";
import type { Caller } from "../store/users-repository.js";
import { requireBot, requireWritableBot, updateBot } from "./bots.js";
import { storedDocument } from "./bot-view.js";
import type { AppContext } from "./context.js";
import { csvLine } from "./results/csv-export.js";

export const KEY_COLUMN = "key";
export const DEFAULT_COLUMN = "default";

/** A text as a translator edits it: rich text (a bubble) as markdown, any other text as it is. */
const cellOf = (value: TranslationValue | undefined): string =>
  value === undefined ? "" : typeof value === "string" ? value : richTextToMarkdown(value as RichTextNode[]);

/** The languages a translator fills in: every available one but the default (whose texts are the blocks). */
function translatedLanguages(document: ReturnType<typeof storedDocument>): string[] {
  const languages = document.settings.languages;
  return languages ? availableLanguages(languages).filter((tag) => tag !== languages.default) : [];
}

/**
 * The bot's texts for translators: one row per text (`key`, the default language's text, then one
 * column per other language), in the order the flow shows them, system messages last.
 */
export async function exportTranslationsCsv(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireBot(ctx, caller, botId);
  const document = storedDocument(bot);
  const languages = translatedLanguages(document);
  const lines = [csvLine([KEY_COLUMN, DEFAULT_COLUMN, ...languages])];
  for (const text of translatableTexts(document))
    lines.push(
      csvLine([
        text.key,
        cellOf(text.defaultValue),
        ...languages.map((tag) => cellOf(document.translations?.[tag]?.[text.key])),
      ]),
    );
  return { fileName: `${bot.name.replace(/[^\w.-]+/g, "-") || "bot"}-translations.csv`, csv: lines.join("") };
}

/** Undoes csvCell's guard against formulas: the quote it put before `=`, `+`, `-`, `@`, a tab or a CR. */
const FORMULA_GUARDS = /(^|[,;\t|])'([=+\-@\t\r])/g;
const unguarded = (cell: string): string => cell.replace(FORMULA_GUARDS, "$1$2");

const invalidCsv = (row: number, message: string) => new AppError("INVALID_CSV", `Row ${row}: ${message}`);

/** Reads the header: the key column, the default column, then languages the bot has (each once). */
function readHeader(header: { row: number; cells: string[] } | undefined, languages: readonly string[]): string[] {
  if (!header) throw invalidCsv(1, `the file is empty; expected a header "${KEY_COLUMN},${DEFAULT_COLUMN},…"`);
  const [key, defaultText, ...columns] = header.cells.map((cell) => cell.trim());
  if (key !== KEY_COLUMN || defaultText !== DEFAULT_COLUMN)
    throw invalidCsv(header.row, `the header must start with "${KEY_COLUMN},${DEFAULT_COLUMN}"`);
  const seen = new Set<string>();
  for (const column of columns) {
    if (!languages.includes(column))
      throw invalidCsv(
        header.row,
        `"${column}" is not a language to translate to (${languages.length ? languages.join(", ") : "the bot has none; set settings.languages"})`,
      );
    if (seen.has(column)) throw invalidCsv(header.row, `the language "${column}" has two columns`);
    seen.add(column);
  }
  return columns;
}

/**
 * Updates the translations from a CSV as exported: a filled cell sets that text, an empty cell
 * removes it (the visitor then sees the default language's). Rows and languages the file leaves
 * out stay as they are; the default column is not read (the blocks hold those texts). Any fault
 * answers 400 naming its row and changes nothing.
 */
export async function importTranslationsCsv(ctx: AppContext, caller: Caller, botId: string, csv: unknown) {
  if (typeof csv !== "string") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the CSV as text/csv");
  const bot = await requireWritableBot(ctx, caller, botId);
  const document = storedDocument(bot);
  let rows: ReturnType<typeof parseCsv>;
  try {
    rows = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError("INVALID_CSV", error.message);
    throw error;
  }
  const [header, ...body] = rows;
  const columns = readHeader(header, translatedLanguages(document));
  const texts = new Map<string, TranslatableText>(translatableTexts(document).map((text) => [text.key, text]));
  const translations: Translations = Object.fromEntries(
    Object.entries(document.translations ?? {}).map(([tag, table]) => [tag, { ...table }]),
  );
  const done = new Set<string>();
  for (const { row, cells } of body) {
    if (cells.length !== columns.length + 2)
      throw invalidCsv(row, `expected ${columns.length + 2} cells, found ${cells.length}`);
    const key = cells[0].trim();
    const text = texts.get(key);
    if (!text) throw invalidCsv(row, `"${key}" is not a text of this bot`);
    if (done.has(key)) throw invalidCsv(row, `"${key}" appears twice`);
    done.add(key);
    columns.forEach((tag, index) => {
      const cell = unguarded(cells[index + 2]);
      translations[tag] ??= {};
      const table = translations[tag];
      if (cell.trim() === "") delete table[key];
      else table[key] = text.slot === "content" ? markdownToRichText(cell) : cell;
    });
  }
  const updated = await updateBot(ctx, caller, botId, { translations }, true);
  return { translations: updated.translations };
}
