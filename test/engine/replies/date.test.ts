import { afterEach, describe, expect, it } from "vitest";
import { parseDateReply, resolveDateBounds } from "../../../src/engine/replies/date.js";

const reply = (text: string) => ({ type: "text" as const, text });
const now = new Date("2025-03-10T09:00:00Z");

describe("parseDateReply", () => {
  it("formats with dd/MM/yyyy by default, reading day first", () => {
    expect(parseDateReply(reply("01/02/2025"), undefined, now)).toEqual({ status: "success", content: "01/02/2025" });
    expect(parseDateReply(reply("2025-02-01"), {}, now)).toEqual({ status: "success", content: "01/02/2025" });
  });

  it("reads month first when the format does not start with dd", () => {
    expect(parseDateReply(reply("01/02/2025"), { format: "yyyy-MM-dd" }, now)).toEqual({
      status: "success",
      content: "2025-01-02",
    });
  });

  it("reads day first with a custom dd format", () => {
    expect(parseDateReply(reply("01/02/2025"), { format: "dd MMMM yyyy" }, now)).toEqual({
      status: "success",
      content: "01 February 2025",
    });
  });

  it("understands natural language relative to now", () => {
    expect(parseDateReply(reply("tomorrow"), {}, now)).toEqual({ status: "success", content: "11/03/2025" });
    expect(parseDateReply(reply("1 Feb 2025"), {}, now)).toEqual({ status: "success", content: "01/02/2025" });
  });

  it("adds the time with hasTime", () => {
    expect(parseDateReply(reply("2025-02-01T14:30"), { hasTime: true }, now)).toEqual({
      status: "success",
      content: "01/02/2025 14:30",
    });
    expect(parseDateReply(reply("1 Feb 2025 at 2:05pm"), { hasTime: true }, now)).toEqual({
      status: "success",
      content: "01/02/2025 14:05",
    });
  });

  it("prefers the format option over the time default", () => {
    expect(parseDateReply(reply("2025-02-01T14:30"), { hasTime: true, format: "yyyy-MM-dd HH:mm" }, now)).toEqual({
      status: "success",
      content: "2025-02-01 14:30",
    });
  });

  it("supports day-of-year and week-year tokens", () => {
    expect(parseDateReply(reply("2025-02-01"), { format: "YYYY-DDD" }, now)).toEqual({
      status: "success",
      content: "2025-032",
    });
  });

  it("falls back to the default format when the format is not valid", () => {
    expect(parseDateReply(reply("2025-02-01"), { format: "hello" }, now)).toEqual({
      status: "success",
      content: "01/02/2025",
    });
  });

  it("formats a range with the default separator", () => {
    expect(parseDateReply(reply("01/02/2025 to 05/02/2025"), { isRange: true }, now)).toEqual({
      status: "success",
      content: "01/02/2025 to 05/02/2025",
    });
  });

  it("formats a range sent by the web client with a custom separator", () => {
    const options = { isRange: true, hasTime: true, labels: { separator: "→" } };
    expect(parseDateReply(reply("2025-02-01T10:30 to 2025-02-05T11:00"), options, now)).toEqual({
      status: "success",
      content: "01/02/2025 10:30 → 05/02/2025 11:00",
    });
  });

  it("fails a range without an end date", () => {
    expect(parseDateReply(reply("01/02/2025"), { isRange: true }, now)).toEqual({ status: "fail" });
  });

  it("keeps only the start when a range is sent to a single date input", () => {
    expect(parseDateReply(reply("01/02/2025 to 05/02/2025"), {}, now)).toEqual({
      status: "success",
      content: "01/02/2025",
    });
  });

  it("enforces min and max, inclusive, by calendar day without time", () => {
    const options = { min: "2025-02-01", max: "2025-02-10" };
    expect(parseDateReply(reply("01/02/2025"), options, now).status).toBe("success");
    expect(parseDateReply(reply("10/02/2025"), options, now).status).toBe("success");
    expect(parseDateReply(reply("31/01/2025"), options, now)).toEqual({ status: "fail" });
    expect(parseDateReply(reply("11/02/2025"), options, now)).toEqual({ status: "fail" });
  });

  it("trims ISO date-time bounds to the day without time", () => {
    const options = { max: "2025-02-10T08:00:00.000Z" };
    expect(parseDateReply(reply("10/02/2025"), options, now).status).toBe("success");
  });

  it("compares minutes with time", () => {
    const options = { hasTime: true, min: "2025-02-01T10:00", max: "2025-02-01T18:00:00.000Z" };
    expect(parseDateReply(reply("2025-02-01T10:00"), options, now).status).toBe("success");
    expect(parseDateReply(reply("2025-02-01T18:00"), options, now).status).toBe("success");
    expect(parseDateReply(reply("2025-02-01T09:59"), options, now)).toEqual({ status: "fail" });
    expect(parseDateReply(reply("2025-02-01T18:01"), options, now)).toEqual({ status: "fail" });
  });

  it("checks both ends of a range against the bounds", () => {
    const options = { isRange: true, min: "2025-02-01", max: "2025-02-10" };
    expect(parseDateReply(reply("05/02/2025 to 12/02/2025"), options, now)).toEqual({ status: "fail" });
    expect(parseDateReply(reply("28/01/2025 to 05/02/2025"), options, now)).toEqual({ status: "fail" });
    expect(parseDateReply(reply("02/02/2025 to 05/02/2025"), options, now).status).toBe("success");
  });

  it("understands natural-language bounds and ignores unreadable ones", () => {
    expect(parseDateReply(reply("09/03/2025"), { min: "today" }, now)).toEqual({ status: "fail" });
    expect(parseDateReply(reply("01/01/1990"), { min: "whenever" }, now).status).toBe("success");
  });

  it.each(["", "garbage", "31/02/2025"])("rejects %j", (text) => {
    expect(parseDateReply(reply(text), {}, now)).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseDateReply(undefined, {}, now)).toEqual({ status: "fail" });
  });

  describe("in another server time zone", () => {
    const originalTz = process.env.TZ;
    afterEach(() => {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    });

    it("gives the same answers", () => {
      process.env.TZ = "Pacific/Kiritimati";
      expect(parseDateReply(reply("2025-02-01T23:30"), { hasTime: true }, now)).toEqual({
        status: "success",
        content: "01/02/2025 23:30",
      });
      process.env.TZ = "America/Los_Angeles";
      expect(parseDateReply(reply("01/02/2025"), { max: "2025-02-01" }, now)).toEqual({
        status: "success",
        content: "01/02/2025",
      });
    });
  });
});

describe("resolveDateBounds", () => {
  it("cuts ISO date-times to the date without time", () => {
    expect(resolveDateBounds({ min: "2025-02-01T10:30:45.000Z", max: "2025-03-01T00:00" })).toEqual({
      min: "2025-02-01",
      max: "2025-03-01",
    });
  });

  it("cuts ISO date-times to minutes with time", () => {
    expect(resolveDateBounds({ hasTime: true, min: "2025-02-01T10:30:45.000Z" })).toEqual({ min: "2025-02-01T10:30" });
  });

  it("finds the ISO date-time inside other text", () => {
    expect(resolveDateBounds({ hasTime: true, max: "until 2025-02-01T10:30:00+02:00" })).toEqual({
      max: "2025-02-01T10:30",
    });
  });

  it("keeps other bounds as written and drops empty ones", () => {
    expect(resolveDateBounds({ min: "2025-02-01", max: "" })).toEqual({ min: "2025-02-01" });
    expect(resolveDateBounds({ min: "tomorrow", max: null })).toEqual({ min: "tomorrow" });
    expect(resolveDateBounds(undefined)).toEqual({});
  });
});
