import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { fakeNocoDb, NOCODB_TABLE, NOCODB_TOKEN } from "../helpers/nocodb-fakes.js";
import { recordingServer, sendJson, startIntegrationServer } from "./integrations-harness.js";

/**
 * Issue 32's two scenarios with a NocoDB "Create Record" block, against a local fake NocoDB over HTTP:
 * a change in an outside service is made once per saved turn, and never for a turn that was not saved.
 * Runs on the embedded database, and on PostgreSQL with DATABASE_URL set.
 */
const TURN_TIMEOUT_MS = 1_000;
let nocodb: Awaited<ReturnType<typeof fakeNocoDb>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let credentialsId: string;
/**
 * A lookup service that answers none of the ten turns until all ten have called it. Each turn calls it
 * after reading its session, so all ten have read the session before the first is saved, however
 * slowly the machine lets them arrive (a fixed delay of 300 ms was not enough on a loaded one).
 */
let lookup: Awaited<ReturnType<typeof recordingServer>>;
const CONCURRENT_TURNS = 10;
beforeAll(async () => {
  nocodb = await fakeNocoDb();
  const held: (() => void)[] = [];
  lookup = await recordingServer((_request, response) => {
    held.push(() => sendJson(response, 200, { ok: true }));
    if (held.length === CONCURRENT_TURNS) for (const answer of held.splice(0)) answer();
  });
  parley = await startIntegrationServer({
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
    PARLEY_CHAT_TURN_TIMEOUT_MS: String(TURN_TIMEOUT_MS),
    PARLEY_SANDBOX_TIMEOUT_MS: "5000",
    PARLEY_OUTBOX_POLL_MS: "100",
  });
  credentialsId = await parley.createCredentials("nocodb", "NocoDB", { apiKey: NOCODB_TOKEN, baseUrl: nocodb.url });
});
afterAll(async () => {
  await parley?.close();
  await nocodb?.close();
  await lookup?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recordsNamed = (name: string) => nocodb.rows.filter((row) => row.Name === name);
const createRecord = (name: string) => ({
  id: "create",
  type: "nocodb",
  options: { credentialsId, action: "Create Record", tableId: NOCODB_TABLE, fields: [{ key: "Name", value: name }] },
});

/** Waits until no outbox item is pending (each delivered or failed), then a little longer. */
async function outboxSettled() {
  await parley.outboxSettled();
  await sleep(500);
}

describe("a plug-in's change is sent once per saved turn", () => {
  it("ten identical answers at once: one is saved (200), nine are refused (409), NocoDB gets ONE record", async () => {
    const bot = buildBot({
      variables: [{ id: "v-name", name: "Name" }],
      groups: [
        {
          id: "g",
          blocks: [
            { id: "ask", type: "text input", options: { variableId: "v-name" } },
            { id: "lookup", type: "Webhook", options: { webhook: { url: `${lookup.url}/check`, method: "GET" } } },
            createRecord("{{Name}} (race)"),
            say("done", "Saved {{Name}}"),
            // The chat goes on, so that its session is still there for the refused answers.
            { id: "ask-more", type: "text input", options: { variableId: "v-name" } },
          ],
        },
      ],
    });
    const started = await parley.start(await parley.publish(bot));
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId as string;

    const replies = await Promise.all(Array.from({ length: CONCURRENT_TURNS }, () => parley.send(sessionId, "Ada")));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body).toEqual({
      code: "CONFLICT",
      message: "This session was answered by another request at the same time; send the message again",
    });

    await outboxSettled();
    expect(recordsNamed("Ada (race)")).toHaveLength(1);
    const posts = nocodb.received.filter((call) => call.method === "POST" && call.json?.Name === "Ada (race)");
    expect(posts).toHaveLength(1);
  });

  it("a turn whose Code block runs past the turn timeout: 408, and NocoDB gets ZERO records", async () => {
    const bot = buildBot({
      variables: [{ id: "v-name", name: "Name" }],
      groups: [
        {
          id: "g",
          blocks: [
            { id: "ask", type: "text input", options: { variableId: "v-name" } },
            createRecord("{{Name}} (late)"),
            // Busy for twice the turn's time: the walk ends, in the background, well after the deadline.
            {
              id: "slow",
              type: "Code",
              options: {
                content: `const until = Date.now() + ${2 * TURN_TIMEOUT_MS}; while (Date.now() < until) {}`,
                isExecutedOnClient: false,
              },
            },
            say("done", "Saved {{Name}}"),
          ],
        },
      ],
    });
    const started = await parley.start(await parley.publish(bot));
    expect(started.status).toBe(200);

    const late = await parley.send(started.body.sessionId, "Bea");
    expect(late.status).toBe(408);
    expect(late.body).toEqual({ code: "TIMEOUT", message: "1 seconds timeout reached" });

    // The abandoned walk finishes after another second; then give the outbox time to send anything it had.
    await sleep(2 * TURN_TIMEOUT_MS + 1_500);
    await outboxSettled();
    expect(recordsNamed("Bea (late)")).toEqual([]);
    expect(nocodb.received.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("a saved turn's record is created after the reply, and a refused create is logged on the result", async () => {
    const bot = buildBot({
      groups: [
        {
          id: "g",
          blocks: [
            createRecord("Cyd (saved)"),
            { ...createRecord("Gone"), id: "gone", options: { ...createRecord("Gone").options, tableId: "tbl_gone" } },
            say("done", "Saved"),
          ],
        },
      ],
    });
    const started = await parley.start(await parley.publish(bot));
    expect(started.status).toBe(200);
    // The failure is not known when the visitor is answered: it is on the result once delivery was tried.
    expect(started.body.logs ?? []).toEqual([]);
    await outboxSettled();
    expect(recordsNamed("Cyd (saved)")).toHaveLength(1);
    expect(await parley.storedLogs(started.body.resultId)).toEqual([
      {
        status: "error",
        description: "Request failed with status code 404",
        details: `{"msg":"Table 'tbl_gone' not found"}`,
      },
    ]);
    const attempts = await parley.server.ctx.store.db
      .selectFrom("outboxAttempts")
      .innerJoin("outbox", "outbox.id", "outboxAttempts.itemId")
      .select(["outbox.kind", "outboxAttempts.ok", "outboxAttempts.statusCode"])
      .where("outbox.resultId", "=", started.body.resultId)
      .orderBy("outboxAttempts.ok")
      .execute();
    expect(attempts).toEqual([
      { kind: "nocodb.createRecord", ok: 0, statusCode: 404 },
      { kind: "nocodb.createRecord", ok: 1, statusCode: null },
    ]);
  });
});
