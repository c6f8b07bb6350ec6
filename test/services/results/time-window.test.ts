import { describe, expect, it } from "vitest";
import { timeBounds } from "../../../src/services/results/time-window.js";

describe("timeBounds", () => {
  const now = new Date("2025-03-31T23:30:00.000Z");

  it("starts today at local midnight of the time zone, in UTC", () => {
    expect(timeBounds("today", "UTC", now)).toEqual({ from: "2025-03-31T00:00:00.000Z" });
    expect(timeBounds("today", "Asia/Tokyo", now)).toEqual({ from: "2025-03-31T15:00:00.000Z" });
    expect(timeBounds("today", "America/New_York", now)).toEqual({ from: "2025-03-31T04:00:00.000Z" });
  });

  it("counts the last 7 and 30 days as today and the 6 or 29 days before, across a daylight saving change", () => {
    expect(timeBounds("last7Days", "UTC", now)).toEqual({ from: "2025-03-25T00:00:00.000Z" });
    // Paris moved to summer time on 30 March: the window starts at 00:00 winter time.
    expect(timeBounds("last7Days", "Europe/Paris", now)).toEqual({ from: "2025-03-25T23:00:00.000Z" });
    expect(timeBounds("last30Days", "America/New_York", now)).toEqual({ from: "2025-03-02T05:00:00.000Z" });
  });

  it("covers the whole previous month, its last day included, ending where this month starts", () => {
    expect(timeBounds("lastMonth", "UTC", now)).toEqual({
      from: "2025-02-01T00:00:00.000Z",
      to: "2025-03-01T00:00:00.000Z",
    });
    expect(timeBounds("lastMonth", "UTC", new Date("2025-05-10T12:00:00.000Z"))).toEqual({
      from: "2025-04-01T00:00:00.000Z",
      to: "2025-05-01T00:00:00.000Z",
    });
    // After a 30-day month the 31st of the month before is still in.
    expect(timeBounds("lastMonth", "UTC", new Date("2025-05-01T00:00:00.000Z")).from).toBe("2025-04-01T00:00:00.000Z");
    expect(timeBounds("lastMonth", "UTC", new Date("2025-04-15T00:00:00.000Z")).to).toBe("2025-04-01T00:00:00.000Z");
  });

  it("starts month and year to date in the time zone and leaves all time unbounded", () => {
    expect(timeBounds("monthToDate", "Europe/Paris", now)).toEqual({ from: "2025-03-31T22:00:00.000Z" });
    expect(timeBounds("yearToDate", "Asia/Tokyo", now)).toEqual({ from: "2024-12-31T15:00:00.000Z" });
    expect(timeBounds("allTime", "UTC", now)).toEqual({});
  });
});
