import { describe, expect, it } from "vitest";
import { chooseLocale, matchLanguage, parseAcceptLanguage } from "../../../src/engine/translations/locale.js";

describe("parseAcceptLanguage", () => {
  it("orders languages by q-value, keeping the header's order among equals", () => {
    expect(parseAcceptLanguage("en;q=0.5, fr-CA, de;q=0.9, fr;q=0.9")).toEqual([
      { tag: "fr-CA", q: 1 },
      { tag: "de", q: 0.9 },
      { tag: "fr", q: 0.9 },
      { tag: "en", q: 0.5 },
    ]);
  });

  it("leaves out q=0, the wildcard and malformed entries", () => {
    expect(parseAcceptLanguage("fr;q=0, *, en_US, de;q=abc, it;q=2, es ; q=0.3")).toEqual([{ tag: "es", q: 0.3 }]);
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe("matchLanguage", () => {
  const available = ["en", "fr", "pt-BR"];
  it("matches the tag, then its language without the region, then a regional variant", () => {
    expect(matchLanguage("FR", available)).toBe("fr");
    expect(matchLanguage("fr-CA", available)).toBe("fr");
    expect(matchLanguage("pt", available)).toBe("pt-BR");
    expect(matchLanguage("pt-PT", available)).toBe("pt-BR");
    expect(matchLanguage("de", available)).toBeUndefined();
    expect(matchLanguage("", available)).toBeUndefined();
  });
});

describe("chooseLocale", () => {
  const languages = { default: "en", available: ["en", "fr", "de"] };
  it("prefers a prefilled locale the bot speaks, then Accept-Language, then the default", () => {
    expect(chooseLocale(languages, { prefilledLocale: "de-AT", acceptLanguage: "fr" })).toBe("de");
    expect(chooseLocale(languages, { prefilledLocale: "ja", acceptLanguage: "it, fr-BE;q=0.8" })).toBe("fr");
    expect(chooseLocale(languages, { prefilledLocale: ["fr"], acceptLanguage: "ja" })).toBe("en");
    expect(chooseLocale(languages, {})).toBe("en");
  });

  it("counts the default as available even when the list leaves it out", () => {
    expect(chooseLocale({ default: "en", available: ["fr"] }, { acceptLanguage: "en-GB" })).toBe("en");
  });
});
