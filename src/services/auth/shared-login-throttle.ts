import { createHash } from "node:crypto";
import type { RedisConnection } from "../../integrations/redis/redis-connection.js";
import { LoginThrottle } from "./login-throttle.js";

/** What the sign-in route asks; both the per-process and the Redis throttle answer it. */
export type SignInThrottle = {
  retryAfter(key: string): Promise<number | undefined> | number | undefined;
  recordFailure(key: string): Promise<void> | void;
  recordSuccess(key: string): Promise<void> | void;
};

/**
 * LoginThrottle's rule, atomically in Redis: the first `free` failures cost nothing, each later one
 * sets a wait that doubles from `firstDelay` up to the window; the key is forgotten a window after its
 * last failure (the expiry). ARGV: now, window, free, firstDelay (ms). Returns the wait's end.
 */
const FAILURE_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'waitUntil') or '0')
local now, window, free, firstDelay = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local over = count - free
if over > 0 then
  waitUntil = now + math.min(window, firstDelay * 2 ^ math.min(over - 1, 30))
  redis.call('HSET', KEYS[1], 'waitUntil', waitUntil)
end
redis.call('PEXPIRE', KEYS[1], window)
return waitUntil
`;

type WithFailureCount = {
  parleyLoginFailure(key: string, now: number, windowMs: number, free: number, firstDelayMs: number): Promise<number>;
};

/**
 * Failed sign-ins counted in Redis (REDIS_URL), so that every instance draws on one budget per
 * address and account. Keys hold a hash of the address and e-mail, never the address itself. While
 * Redis is unreachable the instance counts in its own memory, so an outage never lifts the limit.
 */
export class RedisLoginThrottle implements SignInThrottle {
  private readonly fallback: LoginThrottle;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix = "parley:",
    private readonly freeFailures = 9,
    private readonly windowMs = 15 * 60_000,
    private readonly firstDelayMs = 30_000,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {
    this.fallback = new LoginThrottle(freeFailures, windowMs, Date.now, firstDelayMs);
    redis.client.defineCommand("parleyLoginFailure", { numberOfKeys: 1, lua: FAILURE_SCRIPT });
  }

  async retryAfter(key: string): Promise<number | undefined> {
    try {
      const waitUntil = Number(await this.redis.run((client) => client.hget(this.keyOf(key), "waitUntil")));
      const now = Date.now();
      return waitUntil > now ? Math.ceil((waitUntil - now) / 1000) : undefined;
    } catch (error) {
      this.onStoreError(error);
      return this.fallback.retryAfter(key);
    }
  }

  async recordFailure(key: string): Promise<void> {
    try {
      await this.redis.run((client) =>
        (client as unknown as WithFailureCount).parleyLoginFailure(
          this.keyOf(key),
          Date.now(),
          this.windowMs,
          this.freeFailures,
          this.firstDelayMs,
        ),
      );
    } catch (error) {
      this.onStoreError(error);
      this.fallback.recordFailure(key);
    }
  }

  async recordSuccess(key: string): Promise<void> {
    this.fallback.recordSuccess(key);
    try {
      await this.redis.run((client) => client.del(this.keyOf(key)));
    } catch (error) {
      this.onStoreError(error);
    }
  }

  private keyOf(key: string): string {
    return `${this.prefix}login:${createHash("sha256").update(key).digest("base64url")}`;
  }
}
