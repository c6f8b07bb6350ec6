import { describe, expect, it } from "vitest";
import { parseNumberReply } from "../../../src/engine/replies/number.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("parseNumberReply", () => {
  it("saves the parsed number", () => {
    expect(parseNumberReply(reply("42"))).toEqual({ status: "success", content: "42" });
    expect(parseNumberReply(reply("-3.25"))).toEqual({ status: "success", content: "-3.25" });
  });

  it("reads a comma as the decimal separator", () => {
    expect(parseNumberReply(reply("1,5"))).toEqual({ status: "success", content: "1.5" });
  });

  it("only replaces the first comma", () => {
    expect(parseNumberReply(reply("1,234,5"))).toEqual({ status: "success", content: "1.234" });
  });

  it("keeps the text when it starts with 0", () => {
    expect(parseNumberReply(reply("0123"))).toEqual({ status: "success", content: "0123" });
    expect(parseNumberReply(reply("0,5"))).toEqual({ status: "success", content: "0,5" });
    expect(parseNumberReply(reply("0"))).toEqual({ status: "success", content: "0" });
  });

  it("normalises other spellings of the number", () => {
    expect(parseNumberReply(reply("12abc"))).toEqual({ status: "success", content: "12" });
    expect(parseNumberReply(reply("1.50"))).toEqual({ status: "success", content: "1.5" });
    expect(parseNumberReply(reply(".5"))).toEqual({ status: "success", content: "0.5" });
    expect(parseNumberReply(reply("1e3"))).toEqual({ status: "success", content: "1000" });
    expect(parseNumberReply(reply(" 7"))).toEqual({ status: "success", content: "7" });
  });

  it.each(["", "abc", " ", "Infinity", "-Infinity"])("rejects %j", (text) => {
    expect(parseNumberReply(reply(text))).toEqual({ status: "fail" });
  });

  it("enforces inclusive numeric bounds", () => {
    const options = { min: 5, max: 10 };
    expect(parseNumberReply(reply("5"), options).status).toBe("success");
    expect(parseNumberReply(reply("10"), options).status).toBe("success");
    expect(parseNumberReply(reply("4.99"), options)).toEqual({ status: "fail" });
    expect(parseNumberReply(reply("10.01"), options)).toEqual({ status: "fail" });
  });

  it("enforces bounds given as templated text, with a comma or not", () => {
    expect(parseNumberReply(reply("3"), { min: "3,5" })).toEqual({ status: "fail" });
    expect(parseNumberReply(reply("4"), { min: "3,5", max: "4" })).toEqual({ status: "success", content: "4" });
    expect(parseNumberReply(reply("5"), { max: "4" })).toEqual({ status: "fail" });
  });

  it("enforces a bound of 0", () => {
    expect(parseNumberReply(reply("-1"), { min: 0 })).toEqual({ status: "fail" });
    expect(parseNumberReply(reply("1"), { max: 0 })).toEqual({ status: "fail" });
    expect(parseNumberReply(reply("1"), { max: "0" })).toEqual({ status: "fail" });
    expect(parseNumberReply(reply("0"), { min: 0, max: 0 })).toEqual({ status: "success", content: "0" });
  });

  it("ignores empty or non-numeric bounds", () => {
    expect(parseNumberReply(reply("-100"), { min: "", max: "abc" })).toEqual({ status: "success", content: "-100" });
    expect(parseNumberReply(reply("100"), { min: null, max: undefined })).toEqual({
      status: "success",
      content: "100",
    });
  });

  it("fails when nothing was sent", () => {
    expect(parseNumberReply(undefined)).toEqual({ status: "fail" });
  });
});
