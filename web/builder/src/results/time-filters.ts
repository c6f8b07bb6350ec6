import type { TimeFilter } from "../lib/types";

/** The periods of the results table and the analytics, in the order of the period menus. */
export const TIME_FILTERS: { value: TimeFilter; label: string }[] = [
  { value: "today", label: "Today" },
  { value: "last7Days", label: "Last 7 days" },
  { value: "last30Days", label: "Last 30 days" },
  { value: "monthToDate", label: "This month" },
  { value: "lastMonth", label: "Last month" },
  { value: "yearToDate", label: "This year" },
  { value: "allTime", label: "All time" },
];

/** A period named in a URL, if it is one the server knows. */
export const asTimeFilter = (value: string | null): TimeFilter | undefined =>
  TIME_FILTERS.find((filter) => filter.value === value)?.value;

export const timeFilterLabel = (value: TimeFilter): string =>
  TIME_FILTERS.find((filter) => filter.value === value)?.label ?? value;
