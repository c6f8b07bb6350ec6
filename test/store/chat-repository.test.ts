import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/connect.js";
import { SessionConflictError, type TurnWrite } from "../../src/store/chat-repository.js";
import { createChatRepository } from "../../src/store/chat/create-chat-repository.js";
import { openTestStore } from "../helpers/test-server.js";

/**
 * A chat turn's promises on either database (npm run test:pg runs it on PostgreSQL): turns written
 * together (the embedded database's group commit, PostgreSQL's statement per event-loop iteration)
 * are each judged on their own.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

const now = "2026-11-23T10:00:00.000Z";
let opened: Awaited<ReturnType<typeof openTestStore>>;
let store: Store;

beforeEach(async () => {
  opened = await openTestStore();
  store = opened.store;
  await store.db
    .insertInto("workspaces")
    .values({ id: "w", name: "W", icon: null, plan: "free", createdAt: now, updatedAt: now } as never)
    .execute();
  await store.db
    .insertInto("bots")
    .values({
      id: "bot",
      workspaceId: "w",
      name: "Bot",
      version: "6",
      document: "{}",
      createdAt: now,
      updatedAt: now,
    } as never)
    .execute();
});
afterEach(() => opened.close());

const sessionRow = (id: string) => ({
  id,
  botId: "bot",
  botVersionId: null,
  previewDocument: null,
  resultId: "r",
  state: "{}",
  revision: 0,
  createdAt: now,
  updatedAt: now,
  expiresAt: null,
  isStaging: 0 as const,
});
const resultRow = (id: string) => ({
  id,
  botId: "bot",
  botVersionId: null,
  variables: "[]",
  isCompleted: 0 as const,
  hasStarted: 1 as const,
  isArchived: 0 as const,
  isStaging: 0 as const,
  lastChatSessionId: "s",
  lastInputBlockId: null,
  createdAt: now,
  updatedAt: now,
});
const answer = (id: string, resultId: string, content: string) => ({
  id,
  resultId,
  blockId: "b",
  groupId: null,
  position: 0,
  content,
  attachedFileUrls: null,
  createdAt: now,
});
const update = (state: string, answers: TurnWrite["answers"]): TurnWrite => ({
  session: { kind: "update", id: "s", expectedRevision: 0, state, updatedAt: now },
  results: [resultRow("r")],
  answers,
  logs: [],
});
const newSession = (id: string): TurnWrite["session"] => ({ kind: "insert", row: sessionRow(id) });
/** A turn that changes `session` and writes `rows` (none unless given). */
const turn = (session: TurnWrite["session"], rows: Partial<Omit<TurnWrite, "session">> = {}): TurnWrite => ({
  session,
  results: [],
  answers: [],
  logs: [],
  ...rows,
});
const answersStored = () => store.db.selectFrom("answers").select(["id", "content"]).orderBy("id").execute();

describe(`chat turns on ${onPostgres ? "PostgreSQL" : "the embedded database"}`, () => {
  it("writes turns sent together in one batch, each judged on its own: one winner per session revision", async () => {
    const chat = createChatRepository(store);
    await chat.writeTurn(turn(newSession("s"), { results: [resultRow("r")] }));
    const outcomes = await Promise.allSettled([
      chat.writeTurn(update("first", [answer("a1", "r", "Ada")])),
      chat.writeTurn(update("second", [answer("a2", "r", "Bob")])),
      chat.writeTurn(update("third", [answer("a3", "r", "Cy")])),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(SessionConflictError);
    expect(await answersStored()).toEqual([{ id: "a1", content: "Ada" }]);
    expect(await chat.findSession("s")).toMatchObject({ state: "first", revision: 1 });
  });

  it("undoes only the turn whose statement failed; the rest of its batch is committed", async () => {
    const chat = createChatRepository(store);
    const outcomes = await Promise.allSettled([
      chat.writeTurn({
        session: { kind: "insert", row: sessionRow("s1") },
        results: [resultRow("r1")],
        answers: [answer("a1", "r1", "kept")],
        logs: [],
      }),
      // An answer to a result that does not exist breaks the foreign key: that turn's session goes too.
      chat.writeTurn({
        session: { kind: "insert", row: sessionRow("s2") },
        results: [],
        answers: [answer("a2", "missing", "dropped")],
        logs: [],
      }),
      chat.writeTurn({
        session: { kind: "insert", row: sessionRow("s3") },
        results: [],
        answers: [answer("a3", "r1", "kept too")],
        logs: [],
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await answersStored()).toEqual([
      { id: "a1", content: "kept" },
      { id: "a3", content: "kept too" },
    ]);
    expect(await chat.findSession("s2")).toBeUndefined();
    expect(await chat.findSession("s3")).toMatchObject({ id: "s3" });
  });

  it("keeps each turn of a batch to its own session's revision: a stale one writes nothing, the others everything", async () => {
    const chat = createChatRepository(store);
    await Promise.all(["s1", "s2", "s3"].map((id) => chat.writeTurn(turn(newSession(id)))));
    await chat.writeTurn(turn({ kind: "none" }, { results: [resultRow("r")] }));
    const outcomes = await Promise.allSettled([
      chat.writeTurn({
        session: { kind: "update", id: "s1", expectedRevision: 0, state: "moved on", updatedAt: now },
        results: [],
        answers: [answer("a1", "r", "from s1")],
        logs: [],
      }),
      chat.writeTurn({
        session: { kind: "update", id: "s2", expectedRevision: 4, state: "stale", updatedAt: now },
        results: [{ ...resultRow("r"), variables: '["stale"]' }],
        answers: [answer("a2", "r", "from the stale turn")],
        logs: [],
      }),
      chat.writeTurn({
        session: { kind: "delete", id: "s3", expectedRevision: 0 },
        results: [],
        answers: [answer("a3", "r", "from s3's last turn")],
        logs: [],
      }),
      chat.writeTurn({ session: { kind: "none" }, results: [], answers: [answer("a4", "r", "no session")], logs: [] }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(SessionConflictError);
    expect(await answersStored()).toEqual([
      { id: "a1", content: "from s1" },
      { id: "a3", content: "from s3's last turn" },
      { id: "a4", content: "no session" },
    ]);
    expect(await chat.findSession("s1")).toMatchObject({ state: "moved on", revision: 1 });
    expect(await chat.findSession("s2")).toMatchObject({ state: "{}", revision: 0 });
    expect(await chat.findSession("s3")).toBeUndefined();
    expect(await store.db.selectFrom("results").select("variables").executeTakeFirst()).toEqual({ variables: "[]" });
  });

  it("answers session reads asked together each with its own session, or none", async () => {
    const chat = createChatRepository(store);
    await Promise.all(
      ["s1", "s2"].map((id, index) =>
        chat.writeTurn({
          session: { kind: "insert", row: { ...sessionRow(id), state: `{"step":${index + 1}}` } },
          results: [resultRow(`r${index + 1}`)],
          answers: [],
          logs: [],
        }),
      ),
    );
    const [second, missing, first] = await Promise.all([
      chat.findSession("s2"),
      chat.findSession("nope"),
      chat.findSession("s1"),
    ]);
    expect(second).toMatchObject({ id: "s2", state: '{"step":2}' });
    expect(missing).toBeUndefined();
    expect(first).toMatchObject({ id: "s1", state: '{"step":1}' });
  });

  // The embedded database has one writer at a time; PostgreSQL locks rows.
  it.skipIf(onPostgres)(
    "waits for a transaction of the management side (a connection of its own, begun immediate), and answers after its own commit",
    async () => {
      const chat = createChatRepository(store);
      let releaseTransaction!: () => void;
      const transaction = store.db.transaction().execute(async (trx) => {
        await trx.updateTable("bots").set({ name: "Renamed" }).where("id", "=", "bot").execute();
        await new Promise<void>((resolve) => (releaseTransaction = resolve));
      });
      let written = false;
      const write = chat
        .writeTurn({
          session: { kind: "insert", row: sessionRow("s") },
          results: [resultRow("r")],
          answers: [answer("a1", "r", "Ada")],
          logs: [],
        })
        .then(() => (written = true));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(written).toBe(false);
      releaseTransaction();
      await Promise.all([transaction, write]);
      expect(await answersStored()).toEqual([{ id: "a1", content: "Ada" }]);
      expect(await store.db.selectFrom("bots").select("name").executeTakeFirst()).toEqual({ name: "Renamed" });
    },
  );

  it.skipIf(onPostgres)(
    "lets a management transaction that reads, then writes, go through while chat turns commit on their thread",
    async () => {
      const chat = createChatRepository(store);
      await chat.writeTurn(turn(newSession("s"), { results: [resultRow("r")] }));
      const renamed = store.db.transaction().execute(async (trx) => {
        const { name } = await trx.selectFrom("bots").select("name").where("id", "=", "bot").executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await trx
          .updateTable("bots")
          .set({ name: `${name} (2)` })
          .where("id", "=", "bot")
          .execute();
      });
      const turns = ["one", "two", "three"].map((state, revision) =>
        chat.writeTurn({
          session: { kind: "update", id: "s", expectedRevision: revision, state, updatedAt: now },
          results: [],
          answers: [],
          logs: [],
        }),
      );
      await Promise.all([
        renamed,
        ...turns.map((turn, i) => turn.then(() => new Promise((resolve) => setTimeout(resolve, i)))),
      ]);
      expect(await store.db.selectFrom("bots").select("name").executeTakeFirst()).toEqual({ name: "Bot (2)" });
      expect(await chat.findSession("s")).toMatchObject({ state: "three", revision: 3 });
    },
  );

  it("raises a result's completion but never lowers it", async () => {
    const chat = createChatRepository(store);
    await chat.writeTurn({
      session: { kind: "none" },
      results: [{ ...resultRow("r"), isCompleted: 1 }],
      answers: [],
      logs: [],
    });
    await chat.writeTurn({
      session: { kind: "none" },
      results: [{ ...resultRow("r"), variables: "[1]" }],
      answers: [],
      logs: [],
    });
    expect(await store.db.selectFrom("results").select(["isCompleted", "variables"]).executeTakeFirst()).toEqual({
      isCompleted: 1,
      variables: "[1]",
    });
  });
});
