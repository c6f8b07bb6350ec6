import { describe, expect, it } from "vitest";
import { retryMessageText } from "../../../src/engine/replies/retry-message.js";

describe("retryMessageText", () => {
  it("prefers the block's own retry message", () => {
    for (const type of ["email input", "url input", "phone number input", "payment input"]) {
      expect(retryMessageText(type, { retryMessageContent: "Try again, Ann" }, "System says no")).toBe(
        "Try again, Ann",
      );
    }
  });

  it("uses the e-mail default for an e-mail input without its own text", () => {
    expect(retryMessageText("email input", undefined, "System says no")).toBe(
      "This email doesn't seem to be valid. Can you type it again?",
    );
    expect(retryMessageText("email input", { retryMessageContent: "" })).toBe(
      "This email doesn't seem to be valid. Can you type it again?",
    );
  });

  it("uses the payment default for a payment input without its own text", () => {
    expect(retryMessageText("payment input", {}, "System says no")).toBe("Payment failed. Please, try again.");
  });

  it("uses the bot's invalid message for URL and phone inputs without their own text", () => {
    expect(retryMessageText("url input", {}, "System says no")).toBe("System says no");
    expect(retryMessageText("phone number input", undefined, "System says no")).toBe("System says no");
  });

  it("uses the bot's invalid message for other inputs", () => {
    expect(retryMessageText("number input", undefined, "System says no")).toBe("System says no");
  });

  it("ignores a retry text on inputs that have no such option", () => {
    expect(retryMessageText("number input", { retryMessageContent: "stray" }, "System says no")).toBe("System says no");
  });

  it("falls back to the generic default", () => {
    expect(retryMessageText("date input", undefined)).toBe("Invalid message. Please, try again.");
    expect(retryMessageText("url input", {}, "")).toBe("Invalid message. Please, try again.");
    expect(retryMessageText("rating input", null, null)).toBe("Invalid message. Please, try again.");
  });
});
