import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "../../web/builder/src/lib/api.js";

describe("the builder's error message", () => {
  it("says a refused webhook URL once, not again as its field issue", () => {
    const message = "The address 127.0.0.1:9 is not allowed: it points inside this server's network";
    const error = new ApiError({
      status: 400,
      code: "BAD_REQUEST",
      message: `Invalid body: url: ${message}`,
      issues: [{ path: "url", message }],
    });
    expect(errorMessage(error)).toBe(`Invalid body: url: ${message}`);
  });

  it("adds the issues the message does not state", () => {
    const error = new ApiError({
      status: 400,
      code: "INVALID_BOT",
      message: "Invalid bot: bot.name: Too long",
      issues: [
        { path: "bot.name", message: "Too long" },
        { path: "bot.icon", message: "Not an emoji" },
      ],
    });
    expect(errorMessage(error)).toBe("Invalid bot: bot.name: Too long (bot.icon: Not an emoji)");
  });
});
