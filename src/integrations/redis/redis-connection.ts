import { Redis } from "ioredis";

export type RedisConnectionOptions = { connectTimeoutMs?: number; commandTimeoutMs?: number };

/**
 * One connection to Redis (REDIS_URL; `rediss://` for TLS) through ioredis, set up for counters
 * that sit on the request path: it connects on first use, reconnects in the background after a
 * failure, and while Redis is away every command fails at once instead of waiting in a queue, so
 * that callers fall back (to process memory) without holding the request.
 */
export class RedisConnection {
  readonly client: Redis;
  private readonly address: string;
  private lastError: Error | undefined;

  constructor(url: string, options: RedisConnectionOptions = {}) {
    const parsed = new URL(url);
    this.address = `${parsed.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1"}:${parsed.port || 6379}`;
    this.client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 1000,
      commandTimeout: options.commandTimeoutMs ?? 1000,
      // A command queued while connecting fails with the first failed attempt rather than after 20.
      maxRetriesPerRequest: 0,
      // At once after a dropped connection (usually a restart or an idle timeout), then backing off.
      retryStrategy: (attempt) => (attempt === 1 ? 0 : Math.min(attempt * 200, 2000)),
    });
    // Without a listener ioredis prints every failed attempt; callers see the failure on their command.
    this.client.on("error", (error: Error) => (this.lastError = error));
    this.client.on("ready", () => (this.lastError = undefined));
  }

  /** Runs `command` once connected; while Redis is unreachable, rejects at once naming the address. */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const status = this.client.status;
    if (status === "end" || status === "close") throw new Error("Redis connection is closed");
    if (status === "reconnecting") throw this.unreachable();
    try {
      if (status === "wait") await this.client.connect();
      return await command(this.client);
    } catch (error) {
      if (this.client.status === "ready") throw error;
      throw this.unreachable(error);
    }
  }

  /** Answers whether Redis replies to PING now (for the readiness check). */
  async ping(): Promise<void> {
    const reply = await this.run((client) => client.ping());
    if (reply !== "PONG") throw new Error(`Redis answered PING with ${reply}`);
  }

  async close(): Promise<void> {
    if (this.client.status === "end") return;
    if (this.client.status !== "ready") {
      this.client.disconnect();
      return;
    }
    await this.client.quit().catch(() => this.client.disconnect());
  }

  private unreachable(cause?: unknown): Error {
    const reason = this.lastError?.message ?? (cause instanceof Error ? cause.message : undefined);
    return new Error(`Cannot connect to Redis at ${this.address}${reason ? `: ${reason}` : ""}`, { cause });
  }
}
