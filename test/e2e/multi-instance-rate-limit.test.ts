import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestDatabase } from "../helpers/test-database.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { loopBot, publishBot, questionsBot } from "../reliability/fixtures.js";
import { Redis } from "ioredis";

// Several instances only make sense on a shared PostgreSQL database; Redis listens on loopback.
const onPostgres = Boolean(process.env.DATABASE_URL);
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const STARTS = 30;
const MESSAGES_PER_SESSION = 4;

describe.runIf(onPostgres)("two server processes sharing rate limits through Redis", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const instances: ServerProcess[] = [];
  const prefix = `parley-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    // Without Redis both instances would quietly count in memory: say so instead of failing obscurely.
    const probe = new Redis(REDIS_URL, { connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      expect(await probe.call("PING")).toBe("PONG");
    } catch (error) {
      throw new Error(`This test needs Redis at ${REDIS_URL} (set REDIS_URL): ${(error as Error).message}`);
    } finally {
      probe.disconnect();
    }
    database = await createTestDatabase();
    const env = {
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      PARLEY_DATA_DIR: database.dataDir,
      REDIS_URL,
      PARLEY_REDIS_PREFIX: prefix,
      PARLEY_RATE_LIMIT_START_PER_MINUTE: String(STARTS),
      PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: String(MESSAGES_PER_SESSION),
    };
    instances.push(await startServerProcess(env));
    await new Promise((resolve) => setTimeout(resolve, 200));
    instances.push(await startServerProcess(env));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  });

  it("counts chat starts and messages once across both instances, while conversations alternate between them", async () => {
    const token = /^ {2}(pat_\S+)$/m.exec(instances[0].output())![1];
    const api = createClient(`${instances[0].url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
    const twoQuestions = await publishBot(api, workspaceId, questionsBot(2));
    const loop = await publishBot(api, workspaceId, loopBot());
    const [first, second] = instances.map((instance) => createClient(`${instance.url}/api`));
    const on = (i: number) => (i % 2 === 0 ? first : second);

    // STARTS - 1 conversations, each turn on the other instance, all at once.
    const results = await Promise.all(
      Array.from({ length: STARTS - 1 }, async (_, i) => {
        const start = await on(i).post(`/v1/bots/${twoQuestions.publicId}/startChat`, {});
        expect(start.status).toBe(200);
        for (const q of [1, 2]) {
          const reply = await on(i + q).post(`/v1/sessions/${start.body.sessionId}/continueChat`, {
            message: `c${i}-q${q}`,
          });
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        }
        return start.body.resultId as string;
      }),
    );
    const loopStart = await second.post(`/v1/bots/${loop.publicId}/startChat`, {});
    expect(loopStart.status).toBe(200);

    // The budget of STARTS was spent across both instances: each of them now refuses.
    for (const instance of [first, second]) {
      const refused = await instance.post(`/v1/bots/${twoQuestions.publicId}/startChat`, {});
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        new RegExp(
          `^Too many requests: at most ${STARTS} chat starts per minute from one address\\. Retry in \\d+ seconds\\.$`,
        ),
      );
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }

    // Per session too: MESSAGES_PER_SESSION messages alternating, then both instances refuse.
    for (let i = 0; i < MESSAGES_PER_SESSION; i++)
      expect(
        (await on(i).post(`/v1/sessions/${loopStart.body.sessionId}/continueChat`, { message: `m${i}` })).status,
      ).toBe(200);
    for (const instance of [first, second]) {
      const refused = await instance.post(`/v1/sessions/${loopStart.body.sessionId}/continueChat`, {
        message: "one more",
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many requests: at most 4 messages per minute in one chat session\./);
    }

    // No answer lost or doubled.
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `select "resultId", string_agg(content, '|' order by position) as contents from answers group by "resultId"`,
    );
    await client.end();
    for (const [i, resultId] of results.entries())
      expect(rows.find((row) => row.resultId === resultId)?.contents).toBe(`c${i}-q1|c${i}-q2`);

    // The counters live in Redis, under this deployment's prefix, with an expiry.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = (await redis.call("KEYS", `${prefix}*`)) as string[];
      // One counter per address and bucket, one per session: refused requests are counted too.
      expect(keys.filter((key) => key.startsWith(`${prefix}rl:continuePerSession:`))).toHaveLength(STARTS);
      expect(keys.filter((key) => !key.startsWith(`${prefix}rl:continuePerSession:`)).sort()).toEqual([
        `${prefix}rl:continuePerIp:127.0.0.1`,
        `${prefix}rl:startPerIp:127.0.0.1`,
      ]);
      expect(Number(await redis.call("GET", `${prefix}rl:continuePerIp:127.0.0.1`))).toBe(
        (STARTS - 1) * 2 + MESSAGES_PER_SESSION + 2,
      );
      expect(Number(await redis.call("GET", `${prefix}rl:startPerIp:127.0.0.1`))).toBe(STARTS + 2);
      const ttl = (await redis.call("PTTL", `${prefix}rl:startPerIp:127.0.0.1`)) as number;
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.quit();
    }
  }, 60_000);
});
