import { describe, expect, it } from "vitest";
import { parseRatingReply } from "../../../src/engine/replies/rating.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("parseRatingReply", () => {
  it("accepts 0 to 10 by default and saves the reply as sent", () => {
    expect(parseRatingReply(reply("0"))).toEqual({ status: "success", content: "0" });
    expect(parseRatingReply(reply("10"))).toEqual({ status: "success", content: "10" });
    expect(parseRatingReply(reply("11"))).toEqual({ status: "fail" });
    expect(parseRatingReply(reply("-1"))).toEqual({ status: "fail" });
  });

  it("uses length as the highest rating", () => {
    expect(parseRatingReply(reply("5"), { length: 5 })).toEqual({ status: "success", content: "5" });
    expect(parseRatingReply(reply("6"), { length: 5 })).toEqual({ status: "fail" });
  });

  it("uses startsAt as the lowest number", () => {
    expect(parseRatingReply(reply("1"), { startsAt: 1, length: 5 })).toEqual({ status: "success", content: "1" });
    expect(parseRatingReply(reply("0"), { startsAt: 1, length: 5 })).toEqual({ status: "fail" });
    expect(parseRatingReply(reply("2"), { startsAt: "3" })).toEqual({ status: "fail" });
  });

  it("starts icons at 1 whatever startsAt says", () => {
    expect(parseRatingReply(reply("0"), { buttonType: "Icons", length: 5 })).toEqual({ status: "fail" });
    expect(parseRatingReply(reply("1"), { buttonType: "Icons", length: 5, startsAt: 3 })).toEqual({
      status: "success",
      content: "1",
    });
  });

  it("falls back to defaults for length 0 or unusable values", () => {
    expect(parseRatingReply(reply("10"), { length: 0 }).status).toBe("success");
    expect(parseRatingReply(reply("0"), { startsAt: "abc" }).status).toBe("success");
  });

  it("accepts any number in range, without an integer check", () => {
    expect(parseRatingReply(reply("7.5"))).toEqual({ status: "success", content: "7.5" });
  });

  it.each(["", " ", "abc", "5 stars"])("rejects %j", (text) => {
    expect(parseRatingReply(reply(text))).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseRatingReply(undefined)).toEqual({ status: "fail" });
  });
});
