import { z } from "zod";
import { richTextNodeSchema } from "./blocks/bubbles/text.js";

/** A BCP 47 language tag as bots name their languages: `en`, `fr`, `pt-BR`, `zh-Hant`. */
export const languageTagSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, { error: "A language must be a BCP 47 tag such as en, fr or pt-BR" });

/**
 * The languages a bot speaks (issue #23). Absent: the bot is single-language. The default language's
 * texts are the blocks themselves; the others live in `translations`.
 */
export const languagesSettingsSchema = z
  .object({
    default: languageTagSchema,
    available: z.array(languageTagSchema),
  })
  .meta({ id: "LanguagesSettings" });
export type LanguagesSettings = z.infer<typeof languagesSettingsSchema>;

/** A translated text: rich text for a bubble's content (the shape of `content.richText`), else plain text. */
export const translationValueSchema = z.union([z.string(), z.array(richTextNodeSchema)]);
export type TranslationValue = z.infer<typeof translationValueSchema>;

/**
 * One table per language: key → text. Keys: `<blockId>` (a bubble's content), `<blockId>.placeholder`,
 * `<blockId>.button`, `<blockId>.retryMessage`, `<itemId>` (a choice or picture-choice item's label),
 * `system.<name>` (a system message of `settings.general.systemMessages`).
 */
export const translationsSchema = z
  .record(languageTagSchema, z.record(z.string(), translationValueSchema))
  .meta({ id: "Translations" });
export type Translations = z.infer<typeof translationsSchema>;
