import { describe, expect, it } from "vitest";
import { nextRetryAt } from "../../src/lib/retry-schedule.js";

const policy = { baseMs: 1000, maxMs: 8000, giveUpAfterMs: 60_000 };
const first = new Date("2026-01-01T00:00:00.000Z");
const sinceFirst = (ms: number) => new Date(first.getTime() + ms);

describe("retry schedule", () => {
  it("doubles the back-off after each failure up to the cap, half of it fixed and half random", () => {
    const delays = [1, 2, 3, 4, 5].map((attempts) => ({
      least: nextRetryAt(policy, attempts, first, first, () => 0)!.getTime() - first.getTime(),
      middle: nextRetryAt(policy, attempts, first, first, () => 0.5)!.getTime() - first.getTime(),
    }));
    expect(delays.map((delay) => delay.least)).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(delays.map((delay) => delay.middle)).toEqual([750, 1500, 3000, 6000, 6000]);
  });

  it("gives up once the next try would fall past the retry window", () => {
    expect(nextRetryAt(policy, 10, first, sinceFirst(50_000), () => 0)).toEqual(sinceFirst(54_000));
    expect(nextRetryAt(policy, 10, first, sinceFirst(57_000), () => 0)).toBeUndefined();
  });
});
