import { describe, expect, it } from "vitest";
import { parseEmailReply } from "../../../src/engine/replies/email.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("parseEmailReply", () => {
  it("saves a valid address lowercased", () => {
    expect(parseEmailReply(reply("John.Doe@Example.COM"))).toEqual({
      status: "success",
      content: "john.doe@example.com",
    });
  });

  it.each([
    "a@b.co",
    "first.last+tag@sub.domain.org",
    "user_name-1@my-host.io",
    '"quoted name"@example.com',
    "user@[192.168.0.1]",
  ])("accepts %s", (text) => {
    expect(parseEmailReply(reply(text)).status).toBe("success");
  });

  it.each([
    "",
    "plainaddress",
    "@example.com",
    "user@",
    "user@example",
    "user@example.c",
    "user@@example.com",
    "user name@example.com",
    "user@exa mple.com",
    ".user@example.com",
    "user.@example.com",
    "user..name@example.com",
    " user@example.com",
    "user@example.com ",
    "user@example.123",
  ])("rejects %j", (text) => {
    expect(parseEmailReply(reply(text))).toEqual({ status: "fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parseEmailReply(undefined)).toEqual({ status: "fail" });
  });
});
