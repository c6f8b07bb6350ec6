import { tz } from "@date-fns/tz";
import { startOfDay } from "date-fns/startOfDay";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfYear } from "date-fns/startOfYear";
import { subDays } from "date-fns/subDays";
import { subMonths } from "date-fns/subMonths";
import type { TimeFilter } from "../../schemas/result.js";
import type { TimeBounds } from "../../store/results-repository.js";

/** UTC text, as stored: a TZDate prints its own offset, which would not compare with stored values. */
const utc = (date: Date): string => new Date(date.getTime()).toISOString();

/**
 * The createdAt window of a time filter, with day, month and year boundaries taken in `timeZone`
 * (so "today" in Tokyo starts at 15:00 UTC the day before). `to` is exclusive: lastMonth ends where
 * this month starts, so the whole last day of the previous month is in, whatever its length.
 */
export function timeBounds(filter: TimeFilter, timeZone: string, now: Date): TimeBounds {
  // Time-zone arithmetic is a tenth of a results page's time: none when there is no window.
  if (filter === "allTime") return {};
  const zone = { in: tz(timeZone) };
  const today = startOfDay(now, zone);
  switch (filter) {
    case "today":
      return { from: utc(today) };
    case "last7Days":
      return { from: utc(subDays(today, 6, zone)) };
    case "last30Days":
      return { from: utc(subDays(today, 29, zone)) };
    case "monthToDate":
      return { from: utc(startOfMonth(now, zone)) };
    case "lastMonth": {
      const thisMonth = startOfMonth(now, zone);
      return { from: utc(subMonths(thisMonth, 1, zone)), to: utc(thisMonth) };
    }
    case "yearToDate":
      return { from: utc(startOfYear(now, zone)) };
  }
}
