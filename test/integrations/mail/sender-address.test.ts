import { describe, expect, it } from "vitest";
import { senderAddress } from "../../../src/integrations/mail/sender-address.js";

describe("senderAddress", () => {
  it("keeps the configured sender when the reply-to address has no name", () => {
    expect(senderAddress('"Parley" <bot@example.com>', "ann@example.com")).toBe('"Parley" <bot@example.com>');
    expect(senderAddress("bot@example.com", undefined)).toBe("bot@example.com");
  });

  it("shows the reply-to name with the configured address", () => {
    expect(senderAddress("Parley <bot@example.com>", "Ann Lee <ann@example.com>")).toBe('"Ann Lee" <bot@example.com>');
    expect(senderAddress("bot@example.com", '"Ann \\"x\\"" <ann@example.com>')).toBe('"Ann x" <bot@example.com>');
  });
});
