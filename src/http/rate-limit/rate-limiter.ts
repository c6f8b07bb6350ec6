import type { ProtectionConfig } from "../../config.js";
import { MemoryRateLimitStore } from "./memory-store.js";
import { RedisRateLimitStore } from "./redis-store.js";
import type { RateLimitHit, RateLimitStore } from "./store.js";
import type { RedisConnection } from "../../integrations/redis/redis-connection.js";

export type RateLimitBucket = keyof ProtectionConfig["rateLimits"];

/** What a bucket counts by, and how its 429 message names it. */
export const rateLimitBuckets: Record<RateLimitBucket, { by: "ip" | "session"; counts: string }> = {
  startPerIp: { by: "ip", counts: "chat starts per minute from one address" },
  continuePerSession: { by: "session", counts: "messages per minute in one chat session" },
  continuePerIp: { by: "ip", counts: "chat messages per minute from one address" },
};

export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; limit: number; retryAfterSeconds: number; message: string };

export type RateLimiterOptions = {
  windowMs?: number;
  /** Counts in memory while the shared store fails, so that a Redis outage neither blocks nor unlimits chats. */
  fallback?: RateLimitStore;
  onStoreError?: (error: unknown) => void;
};

export class RateLimiter {
  private readonly windowMs: number;
  private readonly fallback: RateLimitStore;

  constructor(
    readonly limits: ProtectionConfig["rateLimits"],
    private readonly store: RateLimitStore,
    private readonly options: RateLimiterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    this.fallback = options.fallback ?? (store instanceof MemoryRateLimitStore ? store : new MemoryRateLimitStore());
  }

  isEnabled(bucket: RateLimitBucket): boolean {
    return this.limits[bucket] > 0;
  }

  /** Counts one request against `bucket` for `id` (an address or a session id). */
  async check(bucket: RateLimitBucket, id: string): Promise<RateLimitDecision> {
    const limit = this.limits[bucket];
    if (limit <= 0) return { allowed: true };
    const key = `${bucket}:${id}`;
    let hit: RateLimitHit;
    try {
      hit = await this.store.hit(key, this.windowMs);
    } catch (error) {
      this.options.onStoreError?.(error);
      hit = await this.fallback.hit(key, this.windowMs);
    }
    if (hit.count <= limit) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    const message = `Too many requests: at most ${limit} ${rateLimitBuckets[bucket].counts}. Retry in ${retryAfterSeconds} seconds.`;
    return { allowed: false, limit, retryAfterSeconds, message };
  }

  async close(): Promise<void> {
    await this.store.close();
    if (this.fallback !== this.store) await this.fallback.close();
  }
}

/** Redis when REDIS_URL is set (limits shared by every instance), process memory otherwise. */
export function createRateLimiter(
  config: ProtectionConfig,
  onStoreError?: (error: unknown) => void,
  redis?: RedisConnection,
): RateLimiter {
  const shared = redis ?? config.redisUrl;
  const store = shared ? new RedisRateLimitStore(shared, config.redisPrefix) : new MemoryRateLimitStore();
  return new RateLimiter(config.rateLimits, store, { onStoreError });
}
