import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** Two instances on one Redis: failed sign-ins through either count against one budget (9 free, then waits). */
describe("sign-in throttling shared through Redis", () => {
  const prefix = `parley-test-login-${process.pid}-${Date.now()}:`;
  let instances: TestServer[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
    instances = await Promise.all([0, 1].map(() => startTestServer({ REDIS_URL, PARLEY_REDIS_PREFIX: prefix })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("makes the eleventh attempt wait whichever instance it reaches, and keeps no e-mail in Redis", async () => {
    const [a, b] = instances.map((instance) => createClient(instance.baseUrl));
    const attempt = { email: "ada@example.com", password: "not the password" };
    for (let i = 0; i < 10; i++) {
      const response = await (i % 2 ? b : a).post("/auth/login", attempt);
      expect(response.status, JSON.stringify(response.body)).toBe(401);
    }
    for (const client of [a, b]) {
      const refused = await client.post("/auth/login", attempt);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
      // The tenth failure (the first past the 9 free ones) set a 30-second wait; a slow machine uses some of it.
      const seconds = Number(
        /^Too many failed sign-ins for this account from this address\. Retry in (\d+) seconds\.$/.exec(
          refused.body.message,
        )?.[1],
      );
      expect(seconds).toBeGreaterThan(20);
      expect(seconds).toBeLessThanOrEqual(30);
      expect(refused.headers.get("retry-after")).toBe(String(seconds));
    }
    // Another account from the same address still has its own budget.
    expect((await b.post("/auth/login", { ...attempt, email: "grace@example.com" })).status).toBe(401);

    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${prefix}login:[A-Za-z0-9_-]{43}$`));
  });
});
