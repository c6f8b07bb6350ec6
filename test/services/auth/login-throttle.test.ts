import { describe, expect, it } from "vitest";
import { LoginThrottle } from "../../../src/services/auth/login-throttle.js";

describe("LoginThrottle", () => {
  it("lets the free failures through, then makes the key wait twice as long after each further one", () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 600_000, () => now, 10_000);
    for (let failure = 0; failure < 3; failure++) {
      expect(throttle.retryAfter("key")).toBeUndefined();
      throttle.recordFailure("key");
    }
    expect(throttle.retryAfter("key")).toBeUndefined();
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBe(10);
    expect(throttle.retryAfter("other")).toBeUndefined();
    now = 9_001;
    expect(throttle.retryAfter("key")).toBe(1);
    now = 10_000;
    expect(throttle.retryAfter("key")).toBeUndefined();
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBe(20);
    now = 30_000;
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBe(40);
  });

  it("never makes a key wait longer than the window, and forgets it a window after its last failure", () => {
    let now = 0;
    const throttle = new LoginThrottle(0, 60_000, () => now, 10_000);
    for (let failure = 0; failure < 40; failure++) throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBe(60);
    now = 60_000;
    expect(throttle.retryAfter("key")).toBeUndefined();
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBe(10);
  });

  it("forgets the failures of a key that then succeeds", () => {
    const throttle = new LoginThrottle(1, 60_000, () => 0);
    throttle.recordFailure("key");
    throttle.recordSuccess("key");
    throttle.recordFailure("key");
    expect(throttle.retryAfter("key")).toBeUndefined();
  });
});
