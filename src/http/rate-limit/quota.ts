import { AppError } from "../../errors.js";
import type { CallerQuota } from "../../services/caller-quota.js";
import { MemoryRateLimitStore } from "./memory-store.js";

/**
 * A count per key (a workspace, a user) over a one-minute window, for costly actions of signed-in
 * callers, counted after the caller is known (unlike the visitors' buckets, counted before). In this
 * instance's memory: several instances each allow the limit.
 */
export class Quota implements CallerQuota {
  private readonly store = new MemoryRateLimitStore(10_000);

  constructor(
    /** Read at each count, not at construction: routes are also listed without a context (`parley openapi`). */
    private readonly limitOf: () => number,
    /** How the 429 names what is counted: "test events per minute for one workspace". */
    private readonly counts: string,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one for `key`; over the limit → 429 with Retry-After. A limit of 0 counts nothing. */
  async take(key: string): Promise<void> {
    const limit = this.limitOf();
    if (limit <= 0) return;
    const hit = await this.store.hit(key, this.windowMs);
    if (hit.count <= limit) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `Too many requests: at most ${limit} ${this.counts}. Retry in ${retryAfterSeconds} seconds.`,
      { headers: { "retry-after": String(retryAfterSeconds) } },
    );
  }
}
