import { describe, expect, it } from "vitest";
import { LoginThrottle } from "../../../src/services/auth/login-throttle.js";

describe("LoginThrottle", () => {
  it("refuses after the limit of failures until the window has passed", () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let failure = 0; failure < 3; failure++) {
      expect(throttle.retryAfter("key")).toBeUndefined();
      throttle.recordFailure("key");
    }
    expect(throttle.retryAfter("key")).toBe(60);
    expect(throttle.retryAfter("other")).toBeUndefined();
    now = 59_001;
    expect(throttle.retryAfter("key")).toBe(1);
    now = 60_000;
    expect(throttle.retryAfter("key")).toBeUndefined();
  });

  it("forgets the failures of a key that then succeeds", () => {
    const throttle = new LoginThrottle(2, 60_000, () => 0);
    throttle.recordFailure("key");
    throttle.recordSuccess("key");
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBeUndefined();
  });
});
