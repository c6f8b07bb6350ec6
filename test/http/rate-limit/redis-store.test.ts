import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { RedisRateLimitStore } from "../../../src/http/rate-limit/redis-store.js";
import { RateLimiter } from "../../../src/http/rate-limit/rate-limiter.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(500, () => {
      socket.destroy();
      return resolve(false);
    });
    socket.once("connect", () => {
      socket.destroy();
      return resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const prefix = `parley-test-${process.pid}-${Date.now()}:`;
const stores: RedisRateLimitStore[] = [];
const openStore = (url = REDIS_URL) => {
  const store = new RedisRateLimitStore(url, prefix, { connectTimeoutMs: 500, commandTimeoutMs: 500 });
  stores.push(store);
  return store;
};

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
});

describe.runIf(await redisReachable())("RedisRateLimitStore (Redis on 127.0.0.1:6379)", () => {
  it("shares one counter between two connections, as two instances would, and gives the time left", async () => {
    const first = openStore();
    const second = openStore();
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).hit("shared", 60_000)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(59_000);
    expect(hit(await second.hit("shared", 60_000))).toBe(41);
  });

  it("opens a new window once the old one has expired", async () => {
    const store = openStore();
    expect((await store.hit("short", 150)).count).toBe(1);
    expect((await store.hit("short", 150)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.hit("short", 150)).toMatchObject({ count: 1 });
  });

  it("reconnects after the connection was lost", async () => {
    const store = openStore();
    expect((await store.hit("reconnect", 60_000)).count).toBe(1);
    const client = (store as unknown as { client: { stream: net.Socket } }).client;
    client.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await store.hit("reconnect", 60_000)).count).toBe(2);
  });
});

describe("RateLimiter over an unreachable Redis", () => {
  it("keeps limiting in process memory and reports the store failure", async () => {
    const errors: unknown[] = [];
    // Port 9 (discard) is closed on loopback: connections are refused at once.
    const limiter = new RateLimiter(
      { startPerIp: 2, continuePerSession: 0, continuePerIp: 0 },
      openStore("redis://127.0.0.1:9"),
      {
        onStoreError: (error) => errors.push(error),
      },
    );
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await limiter.check("startPerIp", "10.0.0.1"));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(decisions[2]).toEqual({
      allowed: false,
      limit: 2,
      retryAfterSeconds: 60,
      message: "Too many requests: at most 2 chat starts per minute from one address. Retry in 60 seconds.",
    });
    expect(errors).toHaveLength(3);
    expect(String(errors[0])).toMatch(/Cannot connect to Redis at 127\.0\.0\.1:9/);
    expect(await limiter.check("continuePerSession", "s1")).toEqual({ allowed: true });
  });
});

const hit = (value: { count: number }) => value.count;
