import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { startIntegrationServer } from "./integrations-harness.js";

/**
 * The Inbox entry of a hand-off is part of the turn's own write (TurnWrite.handoffs): a turn that is
 * not saved leaves no entry, and an entry that cannot be saved fails the turn as a whole. Failures are
 * planted as database triggers. Runs on the embedded database, and on PostgreSQL with DATABASE_URL set.
 */
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;

beforeAll(async () => {
  parley = await startIntegrationServer();
  const { db, dialect } = parley.server.ctx.store;
  if (dialect === "sqlite") {
    await sql`create trigger planted_answer_failure before insert on "answers" when new."content" = 'explode'
      begin select raise(abort, 'planted answer failure'); end`.execute(db);
    await sql`create trigger planted_handoff_failure before insert on "handoffs" when new."teamNote" = 'explode'
      begin select raise(abort, 'planted hand-off failure'); end`.execute(db);
  } else {
    await sql`create or replace function planted_failure() returns trigger language plpgsql as $$
      begin raise exception 'planted failure'; end $$`.execute(db);
    await sql`create trigger planted_answer_failure before insert on "answers" for each row
      when (new."content" = 'explode') execute function planted_failure()`.execute(db);
    await sql`create trigger planted_handoff_failure before insert on "handoffs" for each row
      when (new."teamNote" = 'explode') execute function planted_failure()`.execute(db);
  }
});
afterAll(async () => {
  await parley?.close();
});

const askThenHandOff = (teamNote: string) =>
  buildBot({
    variables: [{ id: "v-topic", name: "Topic" }],
    groups: [
      {
        id: "g1",
        blocks: [
          say("t-ask", "What is it about?"),
          { id: "ask", type: "text input", options: { variableId: "v-topic" } },
          { id: "handoff", type: "hand off", options: { waitingMessage: "A person will answer", teamNote } },
        ],
      },
    ],
  });

const handoffsOf = (sessionId: string) =>
  parley.server.ctx.store.db.selectFrom("handoffs").select(["status"]).where("sessionId", "=", sessionId).execute();
const answersOf = (resultId: string) =>
  parley.server.ctx.store.db.selectFrom("answers").select(["content"]).where("resultId", "=", resultId).execute();

describe("the hand-off's Inbox entry is written with its turn", () => {
  it("a turn that fails to save leaves no Inbox entry; the same answer saved later makes one", async () => {
    const started = await parley.start(await parley.publish(askThenHandOff("Billing")));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { sessionId, resultId } = started.body as { sessionId: string; resultId: string };

    const failed = await parley.send(sessionId, "explode");
    expect(failed.status).toBe(500);
    expect(await handoffsOf(sessionId)).toEqual([]);
    expect(await answersOf(resultId)).toEqual([]);

    const saved = await parley.send(sessionId, "refund");
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await handoffsOf(sessionId)).toEqual([{ status: "waiting" }]);
    expect(await answersOf(resultId)).toEqual([{ content: "refund" }]);
  });

  it("an Inbox entry that cannot be saved fails the whole turn: no answer, and the chat still asks", async () => {
    const started = await parley.start(await parley.publish(askThenHandOff("explode")));
    const { sessionId, resultId } = started.body as { sessionId: string; resultId: string };

    const failed = await parley.send(sessionId, "refund");
    expect(failed.status).toBe(500);
    expect(await handoffsOf(sessionId)).toEqual([]);
    expect(await answersOf(resultId)).toEqual([]);
    const session = await parley.server.ctx.chat.findSession(sessionId);
    expect(JSON.parse(session!.state).currentBlockId).toBe("ask");
  });
});
