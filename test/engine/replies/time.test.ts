import { describe, expect, it } from "vitest";
import { parseTimeReply } from "../../../src/engine/replies/time.js";

const reply = (text: string) => ({ type: "text" as const, text });
const now = new Date("2025-03-10T09:00:00Z");

describe("parseTimeReply", () => {
  it("formats as HH:mm by default", () => {
    expect(parseTimeReply(reply("14:30"), undefined, now)).toEqual({ status: "success", content: "14:30" });
    expect(parseTimeReply(reply("2:30pm"), {}, now)).toEqual({ status: "success", content: "14:30" });
    expect(parseTimeReply(reply("noon"), {}, now)).toEqual({ status: "success", content: "12:00" });
  });

  it("uses the format option", () => {
    expect(parseTimeReply(reply("14:30"), { format: "hh:mm a" }, now)).toEqual({
      status: "success",
      content: "02:30 PM",
    });
    expect(parseTimeReply(reply("7:05"), { format: "H'h'mm" }, now)).toEqual({ status: "success", content: "7h05" });
  });

  it("falls back to HH:mm when the format is not valid", () => {
    expect(parseTimeReply(reply("14:30"), { format: "nope" }, now)).toEqual({ status: "success", content: "14:30" });
  });

  it("reads relative times from now", () => {
    expect(parseTimeReply(reply("in 2 hours"), {}, now)).toEqual({ status: "success", content: "11:00" });
  });

  it.each(["", "soon-ish", "abc"])("rejects %j", (text) => {
    expect(parseTimeReply(reply(text), {}, now)).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseTimeReply(undefined, {}, now)).toEqual({ status: "fail" });
  });
});
