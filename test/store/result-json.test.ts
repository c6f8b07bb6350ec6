import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/connect.js";
import { HandoffsRepository } from "../../src/store/handoffs-repository.js";
import { ResultsRepository } from "../../src/store/results-repository.js";
import { UsersRepository } from "../../src/store/users-repository.js";
import { WorkspacesRepository } from "../../src/store/workspaces-repository.js";
import { toApiResult } from "../../src/services/results/result-view.js";
import { openTestStore } from "../helpers/test-server.js";

/**
 * The results page sends each result as JSON text the database composed (src/store/result-json.ts);
 * a single result is built in JavaScript (toApiResult). Both must say the same, on either database.
 */
let opened: Awaited<ReturnType<typeof openTestStore>>;
let store: Store;
let results: ResultsRepository;
let workspaceId: string;
beforeAll(async () => {
  opened = await openTestStore();
  store = opened.store;
  results = new ResultsRepository(store.db, store.dialect);
  const owner = await new UsersRepository(store.db).findOrCreateByEmail("owner@example.com");
  workspaceId = (await new WorkspacesRepository(store.db).create(owner.id, { name: "Results" })).id;
  await store.db
    .insertInto("bots")
    .values({
      id: "bot",
      workspaceId,
      name: "Bot",
      version: "6",
      document: "{}",
      publicId: "bot-public",
      createdAt: at(0),
      updatedAt: at(0),
    } as never)
    .execute();
});
afterAll(() => opened?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const awkward = 'He said "hi"\\ then\nleft\t\u0001 – 日本語 😀 \u2028';

async function insertResult(id: string, minute: number, extra: Record<string, unknown> = {}) {
  await store.db
    .insertInto("results")
    .values({
      id,
      botId: "bot",
      variables: JSON.stringify([
        { id: "v1", name: "Name", value: awkward },
        { id: "v2", name: "Empty", value: null },
      ]),
      isCompleted: 0,
      hasStarted: 1,
      isArchived: 0,
      lastChatSessionId: `session-${id}`,
      createdAt: at(minute),
      updatedAt: at(minute),
      ...extra,
    } as never)
    .execute();
}

async function insertAnswer(resultId: string, position: number, content: string, files: string[] | null = null) {
  await store.db
    .insertInto("answers")
    .values({
      id: `${resultId}-${position}`,
      resultId,
      blockId: `block-${position}`,
      position,
      content,
      attachedFileUrls: files ? JSON.stringify(files) : null,
      createdAt: at(position),
    } as never)
    .execute();
}

const handoff = (
  id: string,
  resultId: string,
  requestedAt: string,
  status: "waiting" | "closed",
  operatorName: string | null,
) => ({
  id,
  sessionId: `s-${id}`,
  resultId,
  workspaceId,
  botId: "bot",
  channel: "web",
  blockId: "handoff",
  teamNote: null,
  displayOperatorName: 1,
  status,
  operatorUserId: null,
  operatorName,
  requestedAt,
  takenAt: null,
  firstReplyAt: null,
  endedAt: null,
  timeoutAt: null,
  dueAt: null,
});

describe(`a result as the results page sends it, on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("is the resource a single result is, answers in the order given, the latest hand-off, text exactly as stored", async () => {
    await insertResult("plain", 1, { isCompleted: 1 });
    await insertAnswer("plain", 1, awkward, ["https://files.example/a.png", "https://files.example/b b.pdf"]);
    await insertAnswer("plain", 0, "first");
    await insertResult("no-session", 2, { lastChatSessionId: null, variables: "[]" });
    await insertResult("handed", 3);
    await insertAnswer("handed", 0, "");
    const handoffs = new HandoffsRepository(store.db, store.dialect);
    await handoffs.create(handoff("h-old", "handed", at(4), "closed", 'Ada "the operator"'));
    await handoffs.create(handoff("h-new", "handed", at(5), "waiting", null));

    const page = await results.listStartedAsJson("bot", {}, undefined, 10);
    const sent = page.map((row) => JSON.parse(row.json));
    const built = (await results.listStartedWithAnswers("bot", {}, undefined, 10)).map(({ result, answers }) =>
      toApiResult(result, answers),
    );
    expect(sent).toEqual([{ ...built[0], handOff: { status: "waiting", operatorName: null } }, built[1], built[2]]);
    expect(sent[2]).toEqual({
      id: "plain",
      createdAt: at(1),
      botId: "bot",
      variables: [
        { id: "v1", name: "Name", value: awkward },
        { id: "v2", name: "Empty", value: null },
      ],
      isCompleted: true,
      hasStarted: true,
      isArchived: false,
      lastChatSessionId: "session-plain",
      answers: [
        { blockId: "block-0", content: "first", attachedFileUrls: [] },
        {
          blockId: "block-1",
          content: awkward,
          attachedFileUrls: ["https://files.example/a.png", "https://files.example/b b.pdf"],
        },
      ],
    });
    expect(sent[1]).not.toHaveProperty("lastChatSessionId");
    expect(sent[1]).toMatchObject({ answers: [], variables: [] });
    expect(
      page.map(({ id, createdAt, botVersionId, isStaging }) => ({ id, createdAt, botVersionId, isStaging })),
    ).toEqual([
      { id: "handed", createdAt: at(3), botVersionId: null, isStaging: 0 },
      { id: "no-session", createdAt: at(2), botVersionId: null, isStaging: 0 },
      { id: "plain", createdAt: at(1), botVersionId: null, isStaging: 0 },
    ]);
  });
});
