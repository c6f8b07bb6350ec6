import type { RateLimitHit, RateLimitStore } from "./store.js";

type Entry = { count: number; resetAt: number };

/**
 * Counters in process memory, bounded: a window that starts is (re)inserted last, so the oldest
 * entries come first in the map and expired ones are dropped from the front on every hit. Above
 * `maxKeys` the oldest live counters go too, so an address scan cannot grow memory without limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      this.entries.delete(key);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count++;
    this.evict(now);
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxKeys && entry.resetAt > now) return;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
