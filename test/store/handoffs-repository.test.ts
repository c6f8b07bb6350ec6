import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/connect.js";
import { HandoffsRepository } from "../../src/store/handoffs-repository.js";
import { openTestStore } from "../helpers/test-server.js";

/** The hand-offs' promises under races, on either database (npm run test:pg runs it on PostgreSQL). */
let opened: Awaited<ReturnType<typeof openTestStore>>;
let store: Store;
let handoffs: HandoffsRepository;
beforeAll(async () => {
  opened = await openTestStore();
  store = opened.store;
  handoffs = new HandoffsRepository(store.db, store.dialect);
});
afterAll(() => opened?.close());

const handoff = (
  id: string,
  requestedAt: string,
  extra: Partial<Parameters<HandoffsRepository["create"]>[0]> = {},
) => ({
  id,
  sessionId: `s-${id}`,
  resultId: null,
  workspaceId: "w1",
  botId: "b1",
  channel: "web",
  blockId: "handoff",
  teamNote: null,
  displayOperatorName: 1,
  status: "waiting" as const,
  operatorUserId: null,
  operatorName: null,
  requestedAt,
  takenAt: null,
  firstReplyAt: null,
  endedAt: null,
  timeoutAt: null,
  dueAt: null,
  ...extra,
});

describe(`hand-offs on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("lets exactly one of many operators take a chat at once", async () => {
    await handoffs.create(handoff("race", "2026-01-01T10:00:00.000Z"));
    const operators = Array.from({ length: 8 }, (_, index) => ({ userId: `u${index}`, name: `Op ${index}` }));
    const outcomes = await Promise.all(
      operators.map((operator) => handoffs.take("race", operator, "2026-01-01T10:01:00.000Z")),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const winner = operators[outcomes.indexOf(true)];
    expect(await handoffs.find("race")).toMatchObject({ status: "taken", operatorUserId: winner.userId });
  });

  it("lists waiting chats first (oldest first), then the operator's own, then the others", async () => {
    await handoffs.create(handoff("l-mine", "2026-01-02T09:00:00.000Z", { workspaceId: "w2" }));
    await handoffs.create(handoff("l-theirs", "2026-01-02T08:00:00.000Z", { workspaceId: "w2" }));
    await handoffs.create(handoff("l-new", "2026-01-02T11:00:00.000Z", { workspaceId: "w2" }));
    await handoffs.create(handoff("l-old", "2026-01-02T10:00:00.000Z", { workspaceId: "w2" }));
    await handoffs.create(handoff("l-closed", "2026-01-02T07:00:00.000Z", { workspaceId: "w2", status: "closed" }));
    await handoffs.take("l-mine", { userId: "me", name: "Me" }, "2026-01-02T12:00:00.000Z");
    await handoffs.take("l-theirs", { userId: "you", name: "You" }, "2026-01-02T12:00:00.000Z");
    const listed = await handoffs.listOpen("w2", "me", 50);
    expect(listed.map((row) => row.id)).toEqual(["l-old", "l-new", "l-mine", "l-theirs"]);
  });

  it("claims a due timeout once, and never one already taken", async () => {
    await handoffs.create(handoff("t-due", "2026-01-03T10:00:00.000Z", { dueAt: "2026-01-03T10:05:00.000Z" }));
    await handoffs.create(handoff("t-taken", "2026-01-03T10:00:00.000Z", { dueAt: "2026-01-03T10:05:00.000Z" }));
    await handoffs.take("t-taken", { userId: "u", name: "U" }, "2026-01-03T10:01:00.000Z");
    const [first, second] = await Promise.all([
      handoffs.claimDueTimeouts("2026-01-03T10:06:00.000Z", "2026-01-03T10:07:00.000Z", 10),
      handoffs.claimDueTimeouts("2026-01-03T10:06:00.000Z", "2026-01-03T10:07:00.000Z", 10),
    ]);
    expect([...first, ...second].map((row) => row.id)).toEqual(["t-due"]);
    expect(await handoffs.end("t-due", ["waiting"], "timed_out", "2026-01-03T10:06:00.000Z")).toBe(true);
    expect(await handoffs.end("t-due", ["waiting"], "timed_out", "2026-01-03T10:06:00.000Z")).toBe(false);
  });

  it("keeps the transcript in order and stamps the first operator reply once", async () => {
    await handoffs.create(handoff("m", "2026-01-04T10:00:00.000Z"));
    const message = (id: string, author: "visitor" | "operator" | "note", createdAt: string) => ({
      id,
      handoffId: "m",
      author,
      authorName: author === "visitor" ? null : "Ana",
      userId: author === "visitor" ? null : "u-ana",
      text: `${author} ${id}`,
      fileUrl: null,
      createdAt,
    });
    await handoffs.addMessage(message("1", "visitor", "2026-01-04T10:01:00.000Z"));
    await handoffs.addMessage(message("2", "operator", "2026-01-04T10:02:00.000Z"));
    await handoffs.addMessage(message("3", "note", "2026-01-04T10:03:00.000Z"));
    await handoffs.addMessage(message("4", "operator", "2026-01-04T10:04:00.000Z"));
    expect((await handoffs.messages("m")).map((row) => row.text)).toEqual([
      "visitor 1",
      "operator 2",
      "note 3",
      "operator 4",
    ]);
    expect((await handoffs.find("m"))?.firstReplyAt).toBe("2026-01-04T10:02:00.000Z");
  });
});
