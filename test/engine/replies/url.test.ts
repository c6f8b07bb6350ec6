import { describe, expect, it } from "vitest";
import { parseUrlReply } from "../../../src/engine/replies/url.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("parseUrlReply", () => {
  it("saves the URL exactly as typed", () => {
    expect(parseUrlReply(reply("Example.com/Path?q=1#Top"))).toEqual({
      status: "success",
      content: "Example.com/Path?q=1#Top",
    });
  });

  it.each([
    "https://example.com",
    "http://example.com",
    "HTTPS://EXAMPLE.COM",
    "example.com",
    "www.example.co.uk/a/b",
    "https://sub.example.com:8080/path?x=1&y=2#frag",
    "https://user:pass@example.com",
    "https://192.168.1.1/admin",
    "192.168.1.1",
    "https://[2001:db8::1]:443/",
    "https://xn--bcher-kva.example",
    "https://münchen.de",
  ])("accepts %s", (text) => {
    expect(parseUrlReply(reply(text)).status).toBe("success");
  });

  it.each([
    "",
    "hello",
    "localhost",
    "http://localhost:3000",
    "ftp://example.com",
    "mailto:someone@example.com",
    "javascript:alert(1)",
    "//example.com",
    "https://",
    "https://exa mple.com",
    " https://example.com",
    "https://example.com:99999",
    "https://example.com:abc",
    "https://-example.com",
    "https://example.123",
    "https://example_site.com",
    "https://example.com.",
    "https://[2001:db8:::1]/",
    "https://@example.com",
    "https://a:b:c@example.com",
  ])("rejects %j", (text) => {
    expect(parseUrlReply(reply(text))).toEqual({ status: "fail" });
  });

  it("rejects URLs of 2083 characters or more", () => {
    expect(parseUrlReply(reply(`https://example.com/${"a".repeat(2063)}`)).status).toBe("fail");
    expect(parseUrlReply(reply(`https://example.com/${"a".repeat(2062)}`)).status).toBe("success");
  });

  it("fails when nothing was sent", () => {
    expect(parseUrlReply(undefined)).toEqual({ status: "fail" });
  });
});
