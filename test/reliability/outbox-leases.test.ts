import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { hangingReceiver } from "../helpers/hanging-receiver.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-database.js";

/**
 * What a killed process had claimed (issue 32 part 3): the embedded database's next start retries it
 * at once; on PostgreSQL its lease is the attempt's time limit plus the margin, not minutes.
 */
let hanging: Awaited<ReturnType<typeof hangingReceiver>>;
beforeAll(async () => {
  hanging = await hangingReceiver();
});
afterAll(() => hanging.close());

/** The webhook attempt's own limit (webhook-items.ts) and the runner's second over it. */
const ATTEMPT_LIMIT_MS = 11_000;
const MARGIN_MS = 2000;

const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  REDIS_URL: "",
  PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${hanging.port}`,
  PARLEY_OUTBOX_POLL_MS: "100",
  PARLEY_OUTBOX_LEASE_MARGIN_MS: String(MARGIN_MS),
  ...extra,
});

/** A test event to a webhook on the receiver, sent through the first account's workspace. */
async function sendTestEvent(server: ServerProcess, hookPath: string) {
  const token = /^ {2}(pat_\S+)$/m.exec(server.output())![1];
  const api = createClient(`${server.url}/api`, token);
  const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
  const bot = await api.post("/v1/bots", {
    workspaceId,
    bot: buildBot({ groups: [{ id: "g1", blocks: [say("hi", "Hi")] }] }),
  });
  const botId = bot.body.bot.id;
  const webhook = await api.post(`/v1/bots/${botId}/webhooks`, {
    url: hanging.url(hookPath),
    events: ["result.completed"],
  });
  expect(webhook.status).toBe(200);
  const sent = await api.post(`/v1/bots/${botId}/webhooks/${webhook.body.webhook.id}/test`);
  expect(sent.status).toBe(200);
  return {
    token: token as string,
    itemId: sent.body.delivery.id as string,
    botId: botId as string,
    webhookId: webhook.body.webhook.id as string,
  };
}

const requestsFor = (itemId: string) => hanging.received.filter((request) => request.headers["webhook-id"] === itemId);

describe("an item claimed by a killed process, on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-leases-"));
  let running: ServerProcess | undefined;
  afterAll(async () => {
    await running?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is tried again as soon as the next process starts, its lost attempt not counted", async () => {
    const env = serverEnv({ DATABASE_URL: "", PARLEY_DATA_DIR: dataDir });
    hanging.state.hang = true;
    running = await startServerProcess(env);
    const sent = await sendTestEvent(running, "/sqlite");
    const { itemId } = sent;
    await expect.poll(() => requestsFor(itemId).length, { timeout: 10_000 }).toBe(1);
    await running.stop("SIGKILL");

    hanging.state.hang = false;
    running = await startServerProcess(env);
    const startedAt = Date.now();
    // Well before its lease (the attempt's limit plus the margin) would have ended.
    await expect.poll(() => requestsFor(itemId).length, { timeout: ATTEMPT_LIMIT_MS, interval: 50 }).toBe(2);
    expect(Date.now() - startedAt).toBeLessThan(ATTEMPT_LIMIT_MS);
    // The token the first process printed (a later start prints none).
    const api = createClient(`${running.url}/api`, sent.token);
    const { botId, webhookId } = sent;
    await expect
      .poll(async () => (await api.get(`/v1/bots/${botId}/webhooks/${webhookId}/deliveries`)).body.deliveries[0], {
        timeout: 5000,
      })
      .toMatchObject({ id: itemId, status: "delivered", statusCode: 200, attempts: 1 });
  }, 240_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))("an item claimed by a killed process, on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let running: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await running?.stop("SIGKILL");
    await database.drop();
  });

  it("is leased for the attempt's time limit plus the margin, and tried again by another instance then", async () => {
    const env = serverEnv({ DATABASE_URL: database.databaseUrl!, PARLEY_DATA_DIR: database.dataDir });
    hanging.state.hang = true;
    running = await startServerProcess(env);
    const { itemId } = await sendTestEvent(running, "/postgres");
    await expect.poll(() => requestsFor(itemId).length, { timeout: 10_000 }).toBe(1);
    const firstAt = requestsFor(itemId)[0]!.at;

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const row = (await client.query(`select "dueAt", attempts from outbox where id = $1`, [itemId])).rows[0];
    await client.end();
    const leaseMs = Date.parse(row.dueAt) - firstAt;
    expect(leaseMs).toBeGreaterThan(ATTEMPT_LIMIT_MS + MARGIN_MS - 1000);
    expect(leaseMs).toBeLessThan(ATTEMPT_LIMIT_MS + MARGIN_MS + 1000);
    expect(row.attempts).toBe(1);

    await running.stop("SIGKILL");
    hanging.state.hang = false;
    running = await startServerProcess(env);
    await expect.poll(() => requestsFor(itemId).length, { timeout: 30_000, interval: 100 }).toBe(2);
    // Not before the lease ended: the other instance could still have been at it.
    expect(requestsFor(itemId)[1]!.at).toBeGreaterThanOrEqual(Date.parse(row.dueAt));
  }, 240_000);
});
