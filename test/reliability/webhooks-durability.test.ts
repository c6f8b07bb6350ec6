import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-database.js";
import { webhookReceiver } from "../helpers/webhook-receiver.js";
import { publishBot } from "./fixtures.js";

/**
 * Result webhooks across process deaths and instances: what a committed turn queued is delivered
 * after a SIGKILL and restart, exactly the deliveries that were missing (webhook-ids compared); two
 * instances on PostgreSQL deliver each event once.
 */
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  receiver = await webhookReceiver();
});
afterAll(() => receiver.close());

const answerBot = () =>
  buildBot({
    variables: [{ id: "v-answer", name: "Answer" }],
    groups: [{ id: "g1", blocks: [{ id: "ask", type: "text input", options: { variableId: "v-answer" } }] }],
  });

const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  REDIS_URL: "",
  PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
  PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
  PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
  PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
  ...extra,
});

async function firstApi(server: ServerProcess) {
  const token = /^ {2}(pat_\S+)$/m.exec(server.output())![1];
  const api = createClient(`${server.url}/api`, token);
  return { api, workspaceId: (await api.get("/v1/workspaces")).body.workspaces[0].id };
}

/** One conversation that answers `text`: its turn commits one result.answer delivery. */
async function answer(server: ServerProcess, publicId: string, text: string) {
  const chat = createClient(`${server.url}/api`);
  const started = await chat.post(`/v1/bots/${publicId}/startChat`, {});
  expect(started.status).toBe(200);
  const reply = await chat.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: text });
  expect(reply.status).toBe(200);
}

/** The webhook-ids the receiver accepted (2xx) on `hookPath`, and the answers they carried. */
const accepted = (hookPath: string) => receiver.at(hookPath).filter((request) => request.status < 300);
const acceptedValues = (hookPath: string) =>
  accepted(hookPath)
    .map((request) => request.json.data.answer.value as string)
    .sort();

describe("webhook durability on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-webhooks-"));
  let running: ServerProcess | undefined;
  afterAll(async () => {
    await running?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers after SIGKILL and restart exactly the deliveries that were committed and not yet accepted", async () => {
    const env = serverEnv({
      DATABASE_URL: "",
      PARLEY_DATA_DIR: dataDir,
      PARLEY_OUTBOX_POLL_MS: "100",
      PARLEY_OUTBOX_RETRY_BASE_MS: "1500",
      PARLEY_OUTBOX_RETRY_MAX_MS: "1500",
      PARLEY_OUTBOX_LEASE_MS: "2000",
    });
    running = await startServerProcess(env);
    const { api, workspaceId } = await firstApi(running);
    const { botId, publicId } = await publishBot(api, workspaceId, answerBot());
    const created = await api.post(`/v1/bots/${botId}/webhooks`, {
      url: receiver.url("/kill"),
      events: ["result.answer"],
    });
    expect(created.status).toBe(200);

    const before = ["kill-a1", "kill-a2", "kill-a3"];
    for (const text of before) await answer(running, publicId, text);
    await expect.poll(() => accepted("/kill").length, { timeout: 10_000 }).toBe(3);
    const acceptedBefore = new Set(accepted("/kill").map((request) => request.headers["webhook-id"]));

    // The receiver fails for now: these turns commit, their deliveries wait in the outbox.
    receiver.fail("/kill", 503);
    const missing = ["kill-b1", "kill-b2", "kill-b3", "kill-b4"];
    for (const text of missing) await answer(running, publicId, text);
    await expect
      .poll(
        () =>
          new Set(
            receiver
              .at("/kill")
              .filter((r) => r.status === 503)
              .map((r) => r.headers["webhook-id"]),
          ).size,
        {
          timeout: 10_000,
        },
      )
      .toBe(missing.length);
    const refusedIds = new Set(
      receiver
        .at("/kill")
        .filter((request) => request.status === 503)
        .map((request) => request.headers["webhook-id"]),
    );
    await running.stop("SIGKILL");
    receiver.fail("/kill", 200);

    running = await startServerProcess(env);
    await expect.poll(() => accepted("/kill").length, { timeout: 15_000 }).toBe(7);
    expect(acceptedValues("/kill")).toEqual([...before, ...missing].sort());
    const acceptedAfter = accepted("/kill")
      .map((request) => request.headers["webhook-id"])
      .filter((id) => !acceptedBefore.has(id));
    // Exactly the refused ones, each once, with the ids they had before the crash.
    expect(new Set(acceptedAfter)).toEqual(refusedIds);
    expect(acceptedAfter).toHaveLength(missing.length);
  }, 240_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))("webhooks on two instances sharing PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = serverEnv({
      DATABASE_URL: database.databaseUrl!,
      PARLEY_DATA_DIR: database.dataDir,
      PARLEY_OUTBOX_POLL_MS: "10",
    });
    instances = [await startServerProcess(env)];
    instances.push(await startServerProcess(env));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  });

  it("delivers each event once, each delivery taken by one worker", async () => {
    const { api, workspaceId } = await firstApi(instances[0]);
    const { botId, publicId } = await publishBot(api, workspaceId, answerBot());
    const created = await api.post(`/v1/bots/${botId}/webhooks`, {
      url: receiver.url("/pair"),
      events: ["result.answer"],
    });
    expect(created.status).toBe(200);
    const texts = Array.from({ length: 30 }, (_, i) => `pair-${i}`);
    await Promise.all(texts.map((text, i) => answer(instances[i % 2], publicId, text)));
    await expect.poll(() => receiver.at("/pair").length, { timeout: 15_000 }).toBe(texts.length);

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const items = async () =>
        (await client.query(`select "id", "status", "attempts" from "outbox" where "kind" = 'webhook'`)).rows;
      await expect
        .poll(async () => (await items()).filter((row) => row.status === "done").length, { timeout: 10_000 })
        .toBe(texts.length);
      const rows = await items();
      expect(rows.map(({ status, attempts }) => ({ status, attempts }))).toEqual(
        texts.map(() => ({ status: "done", attempts: 1 })),
      );
      expect(new Set(receiver.at("/pair").map((request) => request.headers["webhook-id"]))).toEqual(
        new Set(rows.map((row) => row.id)),
      );
    } finally {
      await client.end();
    }
    expect(acceptedValues("/pair")).toEqual([...texts].sort());
  }, 240_000);
});
