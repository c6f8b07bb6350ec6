import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../../../src/http/rate-limit/memory-store.js";

describe("MemoryRateLimitStore", () => {
  it("counts hits in a window that opens at the first hit and reopens once it has passed", async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(100, () => now);
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 20_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await store.hit("b", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 40_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it("drops expired keys as time passes, so memory follows the traffic of the last window only", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(1_000_000, () => now);
    for (let i = 0; i < 500; i++) await store.hit(`old-${i}`, 1_000);
    expect(store.size).toBe(500);
    now = 1_000;
    await store.hit("new", 1_000);
    expect(store.size).toBe(1);
  });

  it("never holds more than its maximum number of keys, evicting the oldest windows first", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(100, () => now++);
    for (let i = 0; i < 10_000; i++) await store.hit(`address-${i}`, 60_000);
    expect(store.size).toBe(100);
    // The newest keys are the ones kept.
    expect(await store.hit("address-9999", 60_000)).toMatchObject({ count: 2 });
    expect(await store.hit("address-0", 60_000)).toMatchObject({ count: 1 });
  });
});
