/** Filled in at build time from libphonenumber-js: "FR33,DE49,…" (ISO code then calling code). */
declare const __DIAL_CODES__: string;

export type PhoneCountry = { code: string; dial: string; name: string; flag: string };

let cached: PhoneCountry[] | undefined;

const flagOf = (code: string) => String.fromCodePoint(...[...code].map((char) => 0x1f1e6 + char.charCodeAt(0) - 65));

export function phoneCountries(): PhoneCountry[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([navigator.language, "en"], { type: "region" });
  } catch {
    names = undefined;
  }
  cached = __DIAL_CODES__
    .split(",")
    .map((entry) => {
      const code = entry.slice(0, 2);
      return { code, dial: entry.slice(2), name: names?.of(code) ?? code, flag: flagOf(code) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
