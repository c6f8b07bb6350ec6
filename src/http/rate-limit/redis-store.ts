import { RedisConnection, type RedisConnectionOptions } from "../../integrations/redis/redis-connection.js";
import type { RateLimitHit, RateLimitStore } from "./store.js";

/**
 * Counts and opens the window in one atomic step, so that instances hitting the same key at the
 * same moment can neither lose a count nor leave a key without expiry.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** HIT_SCRIPT as a command of its own: sent by its SHA once Redis has it (ioredis falls back to EVAL). */
type WithWindowHit = { parleyWindowHit(key: string, windowMs: number): Promise<unknown> };

/** Counters shared by every instance through Redis (REDIS_URL). */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly connection: RedisConnection;
  /** Whether this store opened the connection (and so closes it) or was handed the instance's one. */
  private readonly ownsConnection: boolean;

  constructor(
    redis: string | RedisConnection,
    private readonly prefix = "parley:",
    options?: RedisConnectionOptions,
  ) {
    this.ownsConnection = typeof redis === "string";
    this.connection = typeof redis === "string" ? new RedisConnection(redis, options) : redis;
    this.connection.client.defineCommand("parleyWindowHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  /** The ioredis client, for tests that need to drop the connection under it. */
  get client() {
    return this.connection.client;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const reply = await this.connection.run((client) =>
      (client as unknown as WithWindowHit).parleyWindowHit(`${this.prefix}rl:${key}`, windowMs),
    );
    if (!Array.isArray(reply) || typeof reply[0] !== "number" || typeof reply[1] !== "number")
      throw new Error(`Unexpected rate-limit reply from Redis: ${JSON.stringify(reply)}`);
    return { count: reply[0], resetInMs: reply[1] };
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.connection.close();
  }
}
