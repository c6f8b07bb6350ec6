import { describe, expect, it } from "vitest";
import type { ResultUpdate } from "../../../src/engine/result-updates.js";
import type { SessionState } from "../../../src/engine/session-state.js";
import { answerRows, resultWrites, turnLogRows } from "../../../src/services/chat/turn-writes.js";

const own = { id: "r-own", botVersionId: "v-own", createdAt: "2026-01-01T00:00:00.000Z", isStaging: 0 as const };
const now = "2026-01-02T00:00:00.000Z";
const update = (extra: Partial<ResultUpdate>): ResultUpdate => ({
  resultId: "r-own",
  botId: "bot-a",
  variables: [],
  answerCount: 0,
  finished: false,
  ...extra,
});

describe("resultWrites", () => {
  it("writes the session's result with the session's version and creation time", () => {
    const [write] = resultWrites(
      {
        results: [
          update({
            answerCount: 1,
            waitingInputBlockId: "q2",
            variables: [
              { id: "v", name: "Name", value: "Ada" },
              { id: "s", name: "S", value: "x", isSessionVariable: true },
            ],
          }),
        ],
      },
      own,
      "session-1",
      now,
    );
    expect(write).toEqual({
      id: "r-own",
      botId: "bot-a",
      botVersionId: "v-own",
      variables: JSON.stringify([{ id: "v", name: "Name", value: "Ada" }]),
      isCompleted: 0,
      hasStarted: 1,
      isArchived: 0,
      lastChatSessionId: "session-1",
      lastInputBlockId: "q2",
      isStaging: 0,
      createdAt: own.createdAt,
      updatedAt: now,
    });
  });

  it("writes a linked bot's own result under that bot and the version it ran, completed when it finished with answers", () => {
    const writes = resultWrites(
      {
        results: [
          update({ resultId: "r-child", botId: "bot-b", botVersionId: "v-b", answerCount: 1, finished: true }),
          update({ answerCount: 1 }),
        ],
      },
      own,
      "session-1",
      now,
    );
    expect(writes[0]).toEqual({
      id: "r-child",
      botId: "bot-b",
      botVersionId: "v-b",
      variables: "[]",
      isCompleted: 1,
      hasStarted: 1,
      isArchived: 0,
      lastChatSessionId: "session-1",
      lastInputBlockId: null,
      isStaging: 0,
      createdAt: now,
      updatedAt: now,
    });
    expect(writes[1]).toMatchObject({ id: "r-own", isCompleted: 0, createdAt: own.createdAt });
  });

  it("leaves a finished result without answers not completed (a view, not a start)", () => {
    const [write] = resultWrites(
      { results: [update({ resultId: "r-child", botId: "bot-b", botVersionId: "v-b", finished: true })] },
      own,
      "s",
      now,
    );
    expect(write).toMatchObject({ isCompleted: 0, hasStarted: 0 });
  });

  it("marks a staging chat's results, a linked bot's own included, as staging", () => {
    const writes = resultWrites(
      { results: [update({ resultId: "r-child", botId: "bot-b", botVersionId: "v-b" }), update({})] },
      { ...own, isStaging: 1 },
      "s",
      now,
    );
    expect(writes.map((write) => [write.id, write.isStaging])).toEqual([
      ["r-child", 1],
      ["r-own", 1],
    ]);
  });
});

describe("answerRows and turnLogRows", () => {
  it("puts each answer on the result it was given to", () => {
    const rows = answerRows(
      "r-own",
      {
        newAnswers: [
          { resultId: "r-child", blockId: "b-q", groupId: "g-b", content: "Lisbon", position: 0 },
          { blockId: "a-q", groupId: "", content: "x", position: 1, attachedFileUrls: ["https://f.example/a"] },
        ],
      },
      now,
    );
    expect(rows.map(({ id: _, ...row }) => row)).toEqual([
      {
        resultId: "r-child",
        blockId: "b-q",
        groupId: "g-b",
        position: 0,
        content: "Lisbon",
        attachedFileUrls: null,
        createdAt: now,
      },
      {
        resultId: "r-own",
        blockId: "a-q",
        groupId: null,
        position: 1,
        content: "x",
        attachedFileUrls: '["https://f.example/a"]',
        createdAt: now,
      },
    ]);
  });

  it("puts the turn's logs on the result the session is on when the turn ends", () => {
    const logs = [{ status: "error", description: "Failed" }];
    const inChild = { state: { resultId: "r-child" } as SessionState, logs };
    expect(turnLogRows(inChild, "r-own", now).map((row) => row.resultId)).toEqual(["r-child"]);
    expect(turnLogRows({ state: {} as SessionState, logs }, "r-own", now).map((row) => row.resultId)).toEqual([
      "r-own",
    ]);
  });
});
