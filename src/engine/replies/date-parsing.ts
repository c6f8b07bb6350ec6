import type { Chrono } from "chrono-node";
import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";

/**
 * Shared by date and time replies. Parsing and formatting both happen in UTC: the parsed
 * wall-clock values are the ones the visitor typed, whatever the server's time zone is.
 */
const UTC = tz("UTC");

export type ParsedDateText = { start: Date; end?: Date };

export function parseDateText(text: string, parser: Chrono, now?: Date): ParsedDateText | undefined {
  const [first] = parser.parse(text, { instant: now ?? new Date(), timezone: 0 });
  if (!first) return undefined;
  const end = first.end?.date();
  return end ? { start: first.start.date(), end } : { start: first.start.date() };
}

/** Formats with a date-fns (Unicode TR35) pattern; a pattern date-fns rejects falls back to the default one. */
export function formatDate(date: Date, pattern: string, fallbackPattern: string): string {
  const options = { in: UTC, useAdditionalDayOfYearTokens: true, useAdditionalWeekYearTokens: true };
  try {
    return format(date, pattern, options);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return format(date, fallbackPattern, options);
  }
}

/** "yyyy-MM-dd" of the UTC calendar day, which sorts like the dates it names. */
export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}
