import * as chronoEnglish from "chrono-node/en";
import { parseDateText, formatDate, dayKey } from "./date-parsing.js";
import { dateInputDefaults } from "../../schemas/blocks/catalogue/index.js";
import type { DateInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type DateReplyOptions = ReplyOptions<
  DateInputBlock,
  "format" | "hasTime" | "isRange" | "min" | "max" | "labels"
>;

export const DEFAULT_DATE_FORMAT = dateInputDefaults.format;
export const DEFAULT_DATE_TIME_FORMAT = dateInputDefaults.formatWithTime;
const DEFAULT_RANGE_SEPARATOR = dateInputDefaults.labels.separator;

// The client shows `min`/`max` in an <input type="date|datetime-local">, which wants "yyyy-MM-dd[THH:mm]".
const ISO_DATE_TIME_NO_SECONDS = /\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d/;

/**
 * The bounds as presented to the client and enforced on replies: an ISO date-time found in the
 * (already templated) bound is cut to minutes, or to the date alone when the input has no time.
 * Anything else is kept as written; empty bounds are dropped.
 */
export function resolveDateBounds(options: Pick<DateReplyOptions, "min" | "max" | "hasTime"> | null | undefined): {
  min?: string;
  max?: string;
} {
  const bounds: { min?: string; max?: string } = {};
  const min = resolveBound(options?.min, options?.hasTime ?? false);
  const max = resolveBound(options?.max, options?.hasTime ?? false);
  if (min !== undefined) bounds.min = min;
  if (max !== undefined) bounds.max = max;
  return bounds;
}

function resolveBound(bound: string | null | undefined, hasTime: boolean): string | undefined {
  if (!bound) return undefined;
  const isoMatch = ISO_DATE_TIME_NO_SECONDS.exec(bound);
  if (!isoMatch) return bound;
  return hasTime ? isoMatch[0] : isoMatch[0].slice(0, 10);
}

/**
 * Understands natural language ("tomorrow", "1 Feb 2025 at 14:00", "2025-02-01 to 2025-02-05"),
 * reading "01/02" day first when the answer format starts with "dd". Dates are handled as
 * wall-clock values in UTC, so the answer never depends on the server's time zone.
 * `now` anchors relative expressions; it defaults to the current time.
 */
export function parseDateReply(
  reply: ReplyMessage | undefined,
  options?: DateReplyOptions | null,
  now?: Date,
): ParsedReply {
  if (!reply) return { status: "fail" };
  const hasTime = options?.hasTime ?? false;
  const dayFirst = (options?.format || DEFAULT_DATE_FORMAT).startsWith("dd");
  const parsed = parseDateText(reply.text, dayFirst ? chronoEnglish.GB : chronoEnglish.casual, now);
  if (!parsed) return { status: "fail" };
  if (options?.isRange && !parsed.end) return { status: "fail" };

  const bounds = resolveDateBounds(options);
  const min = bounds.min === undefined ? undefined : parseBound(bounds.min, dayFirst, now);
  const max = bounds.max === undefined ? undefined : parseBound(bounds.max, dayFirst, now);
  const dates = options?.isRange && parsed.end ? [parsed.start, parsed.end] : [parsed.start];
  if (dates.some((date) => isBefore(date, min, hasTime) || isBefore(max, date, hasTime))) return { status: "fail" };

  const fallbackFormat = hasTime ? DEFAULT_DATE_TIME_FORMAT : DEFAULT_DATE_FORMAT;
  const pattern = options?.format || fallbackFormat;
  const start = formatDate(parsed.start, pattern, fallbackFormat);
  if (!options?.isRange || !parsed.end) return { status: "success", content: start };
  const end = formatDate(parsed.end, pattern, fallbackFormat);
  const separator = options.labels?.separator ?? DEFAULT_RANGE_SEPARATOR;
  return { status: "success", content: `${start} ${separator} ${end}` };
}

/**
 * Without time, only the calendar day counts: a reply on the `max` day is accepted even though
 * the parser places date-only answers at noon.
 */
function isBefore(a: Date | undefined, b: Date | undefined, hasTime: boolean): boolean {
  if (!a || !b) return false;
  if (!hasTime) return dayKey(a) < dayKey(b);
  return a.getTime() < b.getTime();
}

const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

function parseBound(bound: string, dayFirst: boolean, now: Date | undefined): Date | undefined {
  if (ISO_WITHOUT_ZONE.test(bound)) {
    const date = new Date(bound.length === 10 ? `${bound}T00:00:00Z` : `${bound}Z`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return parseDateText(bound, dayFirst ? chronoEnglish.GB : chronoEnglish.casual, now)?.start;
}
