import type { LanguagesSettings } from "../../schemas/translations.js";

/** One language of an `Accept-Language` header with its weight. */
export type WeightedLanguage = { tag: string; q: number };

/**
 * The languages of an `Accept-Language` header, most wanted first (equal weights keep the header's
 * order). Malformed entries and `q=0` ("not this one") are left out; `*` is kept out too, since it
 * names no language of the bot (the default answers it anyway).
 */
export function parseAcceptLanguage(header: string | undefined): WeightedLanguage[] {
  if (!header) return [];
  const languages: WeightedLanguage[] = [];
  for (const part of header.split(",")) {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const qParam = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    languages.push({ tag, q });
  }
  return languages
    .map((language, index) => ({ language, index }))
    .sort((a, b) => b.language.q - a.language.q || a.index - b.index)
    .map(({ language }) => language);
}

const primary = (tag: string): string => tag.split("-")[0].toLowerCase();

/**
 * The bot's language for one requested tag, spelled as the bot spells it: the same tag (ignoring
 * case), else the requested tag's language without its region (`fr-CA` → `fr`), else a regional
 * variant of the same language (`fr` → `fr-FR`). Undefined when the bot does not speak it.
 */
export function matchLanguage(requested: string, available: readonly string[]): string | undefined {
  const wanted = requested.trim().toLowerCase();
  if (wanted === "") return undefined;
  return (
    available.find((tag) => tag.toLowerCase() === wanted) ??
    available.find((tag) => tag.toLowerCase() === primary(wanted)) ??
    available.find((tag) => primary(tag) === primary(wanted))
  );
}

/** The languages a visitor may get: the available ones, the default always among them. */
export function availableLanguages(languages: LanguagesSettings): string[] {
  return languages.available.includes(languages.default)
    ? languages.available
    : [languages.default, ...languages.available];
}

/**
 * The visitor's language: the prefilled `locale` when the bot speaks it, else the best match of the
 * `Accept-Language` header (by weight, then order), else the bot's default language.
 */
export function chooseLocale(
  languages: LanguagesSettings,
  visitor: { prefilledLocale?: unknown; acceptLanguage?: string },
): string {
  const available = availableLanguages(languages);
  if (typeof visitor.prefilledLocale === "string") {
    const prefilled = matchLanguage(visitor.prefilledLocale, available);
    if (prefilled) return prefilled;
  }
  for (const { tag } of parseAcceptLanguage(visitor.acceptLanguage)) {
    const matched = matchLanguage(tag, available);
    if (matched) return matched;
  }
  return languages.default;
}
