import { createHash } from "node:crypto";
import type { RedisConnection } from "../../integrations/redis/redis-connection.js";
import { LoginThrottle } from "./login-throttle.js";

/** What the sign-in route asks; both the per-process and the Redis throttle answer it. */
export type SignInThrottle = {
  retryAfter(key: string): Promise<number | undefined> | number | undefined;
  recordFailure(key: string): Promise<void> | void;
  recordSuccess(key: string): Promise<void> | void;
};

/** Counts a failure and opens the window at the first one, atomically (as LoginThrottle does in memory). */
const FAILURE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

type WithFailureCount = { parleyLoginFailure(key: string, windowMs: number): Promise<number> };

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
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {
    this.fallback = new LoginThrottle(limit, windowMs);
    redis.client.defineCommand("parleyLoginFailure", { numberOfKeys: 1, lua: FAILURE_SCRIPT });
  }

  async retryAfter(key: string): Promise<number | undefined> {
    try {
      const [count, ttl] = await this.redis.run(async (client) => {
        const replies = await client.multi().get(this.keyOf(key)).pttl(this.keyOf(key)).exec();
        return [Number(replies?.[0]?.[1] ?? 0), Number(replies?.[1]?.[1] ?? -2)];
      });
      return count >= this.limit && ttl > 0 ? Math.ceil(ttl / 1000) : undefined;
    } catch (error) {
      this.onStoreError(error);
      return this.fallback.retryAfter(key);
    }
  }

  async recordFailure(key: string): Promise<void> {
    try {
      await this.redis.run((client) =>
        (client as unknown as WithFailureCount).parleyLoginFailure(this.keyOf(key), this.windowMs),
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
