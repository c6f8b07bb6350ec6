import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import type { ChatLog } from "../../../../schemas/chat.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateKind = "Now" | "Today" | "Yesterday" | "Tomorrow";

/**
 * An ISO timestamp: now, or 24 hours before or after. With a time zone it is local time with its
 * offset (2026-01-15T11:00:00+01:00); "Today" is always UTC. An unknown zone falls back to UTC with
 * an error log rather than failing the chat.
 */
export function dateValue(kind: DateKind, now: Date, timeZone: string | undefined): { value: string; log?: ChatLog } {
  const shift = kind === "Yesterday" ? -DAY_MS : kind === "Tomorrow" ? DAY_MS : 0;
  const date = new Date(now.getTime() + shift);
  const zone = timeZone?.trim();
  if (kind === "Today" || !zone) return { value: date.toISOString() };
  if (!isKnownTimeZone(zone))
    return {
      value: date.toISOString(),
      log: { status: "error", description: `Unknown time zone "${zone}": the date was set in UTC` },
    };
  return { value: format(new TZDate(date, zone), "yyyy-MM-dd'T'HH:mm:ssXXX") };
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
