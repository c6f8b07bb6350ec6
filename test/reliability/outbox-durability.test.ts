import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-database.js";
import { header, smtpServer } from "../helpers/smtp-sink.js";
import { publishBot } from "./fixtures.js";

/**
 * The outbox across process deaths and instances: what a committed turn asked for is delivered after
 * a SIGKILL and restart, exactly the items that were missing; two instances deliver each item once.
 */
let smtp: Awaited<ReturnType<typeof smtpServer>>;
beforeAll(async () => {
  smtp = await smtpServer();
});
afterAll(() => smtp.close());

const mailBot = () =>
  buildBot({
    variables: [{ id: "v-answer", name: "Answer" }],
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-answer" } },
          { id: "mail", type: "Email", options: { recipients: ["team@example.com"], subject: "{{Answer}}" } },
          say("done", "Thanks"),
        ],
      },
    ],
  });

const delivered = () => smtp.mails.map((mail) => header(mail.raw, "Subject")!);
const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  REDIS_URL: "",
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  SMTP_FROM: "instance@parley.test",
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

/** One conversation whose answer is `subject`: its turn commits one e-mail with that subject. */
async function answer(server: ServerProcess, publicId: string, subject: string) {
  const chat = createClient(`${server.url}/api`);
  const started = await chat.post(`/v1/bots/${publicId}/startChat`, {});
  expect(started.status).toBe(200);
  const reply = await chat.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: subject });
  expect(reply.status).toBe(200);
}

describe("outbox durability on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-outbox-"));
  let running: ServerProcess | undefined;
  afterAll(async () => {
    await running?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers after SIGKILL and restart exactly the e-mails that were committed and not yet sent", async () => {
    // Retries come back within a second or two, so the restarted server finds them due soon.
    const env = serverEnv({
      DATABASE_URL: "",
      PARLEY_DATA_DIR: dataDir,
      PARLEY_OUTBOX_POLL_MS: "100",
      PARLEY_OUTBOX_RETRY_BASE_MS: "1500",
      PARLEY_OUTBOX_RETRY_MAX_MS: "1500",
      // An e-mail the killed process was working on is taken again this soon after the restart.
      PARLEY_OUTBOX_LEASE_MS: "2000",
    });
    running = await startServerProcess(env);
    const { api, workspaceId } = await firstApi(running);
    const { publicId } = await publishBot(api, workspaceId, mailBot());

    const sentBefore = ["kill-a1", "kill-a2", "kill-a3"];
    for (const subject of sentBefore) await answer(running, publicId, subject);
    await expect
      .poll(() => delivered().filter((subject) => subject.startsWith("kill-")).length, { timeout: 10_000 })
      .toBe(3);

    // The mail server fails for now: these turns commit, their e-mails wait in the outbox.
    smtp.state.refusing = true;
    smtp.state.refused = 0;
    const missing = ["kill-b1", "kill-b2", "kill-b3", "kill-b4"];
    for (const subject of missing) await answer(running, publicId, subject);
    await expect.poll(() => smtp.state.refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(missing.length);
    await running.stop("SIGKILL");
    smtp.state.refusing = false;

    running = await startServerProcess(env);
    await expect
      .poll(() => delivered().filter((subject) => subject.startsWith("kill-")).length, { timeout: 15_000 })
      .toBe(7);
    expect(
      delivered()
        .filter((subject) => subject.startsWith("kill-"))
        .sort(),
    ).toEqual([...sentBefore, ...missing].sort());
    // Two server starts on a machine busy with other suites.
  }, 90_000);
});

// Several instances only make sense on a shared PostgreSQL database.
describe.runIf(Boolean(process.env.DATABASE_URL))("outbox on two instances sharing PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // Both poll often, so that both reach for every item.
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

  it("delivers each e-mail once, each item taken by one worker", async () => {
    const { api, workspaceId } = await firstApi(instances[0]);
    const { publicId } = await publishBot(api, workspaceId, mailBot());
    const subjects = Array.from({ length: 30 }, (_, i) => `pair-${i}`);
    await Promise.all(subjects.map((subject, i) => answer(instances[i % 2], publicId, subject)));
    await expect
      .poll(() => delivered().filter((subject) => subject.startsWith("pair-")).length, { timeout: 15_000 })
      .toBe(subjects.length);

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const items = async () => (await client.query(`select "status", "attempts" from "outbox"`)).rows;
      // The e-mail arrives a moment before its worker records it.
      await expect
        .poll(async () => (await items()).filter((row) => row.status === "done").length, { timeout: 10_000 })
        .toBe(subjects.length);
      expect(await items()).toEqual(subjects.map(() => ({ status: "done", attempts: 1 })));
      const attempts = await client.query(`select count(*)::int as n from "outboxAttempts"`);
      expect(attempts.rows[0].n).toBe(subjects.length);
    } finally {
      await client.end();
    }
    expect(
      delivered()
        .filter((subject) => subject.startsWith("pair-"))
        .sort(),
    ).toEqual([...subjects].sort());
  }, 90_000);
});
