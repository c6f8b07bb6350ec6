import { describe, expect, it } from "vitest";
import { parsePhoneReply } from "../../../src/engine/replies/phone.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("parsePhoneReply", () => {
  it("formats a national French number with default country FR in E.164", () => {
    expect(parsePhoneReply(reply("06 12 34 56 78"), { defaultCountryCode: "FR" })).toEqual({
      status: "success",
      content: "+33612345678",
    });
  });

  it("formats an international number without a default country", () => {
    expect(parsePhoneReply(reply("+33 6 12 34 56 78"))).toEqual({ status: "success", content: "+33612345678" });
  });

  it("takes the first number found in a sentence", () => {
    expect(
      parsePhoneReply(reply("call me at 06.12.34.56.78 or +1 202 555 0143"), { defaultCountryCode: "FR" }),
    ).toEqual({
      status: "success",
      content: "+33612345678",
    });
  });

  it("uses the default country for US formatting", () => {
    expect(parsePhoneReply(reply("(202) 555-0143"), { defaultCountryCode: "US" })).toEqual({
      status: "success",
      content: "+12025550143",
    });
  });

  it("accepts a lower-case country code", () => {
    expect(parsePhoneReply(reply("0612345678"), { defaultCountryCode: "fr" })).toEqual({
      status: "success",
      content: "+33612345678",
    });
  });

  it("fails on a national number without a default country", () => {
    expect(parsePhoneReply(reply("0612345678"))).toEqual({ status: "fail" });
  });

  it("ignores an unsupported default country", () => {
    expect(parsePhoneReply(reply("0612345678"), { defaultCountryCode: "XX" })).toEqual({ status: "fail" });
    expect(parsePhoneReply(reply("+33612345678"), { defaultCountryCode: "XX" })).toEqual({
      status: "success",
      content: "+33612345678",
    });
  });

  it.each(["", "abc", "12"])("rejects %j", (text) => {
    expect(parsePhoneReply(reply(text), { defaultCountryCode: "FR" })).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parsePhoneReply(undefined, { defaultCountryCode: "FR" })).toEqual({ status: "fail" });
  });
});
