import { describe, expect, it } from "vitest";
import { mergeResultUpdates, touchedResults, type ResultUpdate } from "../../src/engine/result-updates.js";
import type { SessionState } from "../../src/engine/session-state.js";
import { loadSessionState } from "../../src/schemas/session-state-upgrade.js";
import { engineBot, group } from "../helpers/engine-bot.js";

const bot = engineBot({
  groups: [
    group("g", [
      { id: "b-embed", type: "embed", content: { url: "https://x.example", waitForEvent: { isEnabled: true } } },
      { id: "b-mail", type: "email input" },
    ]),
  ],
});

const state = (extra: Partial<SessionState>): SessionState => ({
  version: 3,
  status: "waiting",
  mode: "live",
  botId: "bot-1",
  resultId: "r",
  resultAnswers: 1,
  variables: [],
  answers: [],
  transcript: [],
  totalAnswers: 1,
  isProgressBarEnabled: false,
  ...extra,
});

describe("touchedResults", () => {
  it("names the input the session waits on, not an embed waiting for its event", () => {
    expect(touchedResults(state({}), state({ currentBlockId: "b-mail" }), bot, undefined, false)).toEqual([
      { resultId: "r", botId: "bot-1", variables: [], answerCount: 1, finished: false, waitingInputBlockId: "b-mail" },
    ]);
    expect(
      touchedResults(state({}), state({ currentBlockId: "b-embed" }), bot, undefined, false)[0].waitingInputBlockId,
    ).toBeUndefined();
  });

  it("marks the session's result finished when the chat ended", () => {
    expect(touchedResults(state({}), state({ status: "completed" }), bot, undefined, true)).toEqual([
      { resultId: "r", botId: "bot-1", variables: [], answerCount: 1, finished: true },
    ]);
  });

  it("counts every answer of the chat for sessions stored before the result counter existed", () => {
    const { resultAnswers: _, ...stored } = state({ totalAnswers: 4 });
    const older = loadSessionState(JSON.stringify({ ...stored, version: 1 }));
    expect(touchedResults(older, older, bot, undefined, false)[0].answerCount).toBe(4);
  });

  it("touches nothing in a preview", () => {
    const preview = state({ mode: "preview", resultId: undefined });
    expect(touchedResults(preview, preview, bot, undefined, false)).toEqual([]);
  });
});

describe("mergeResultUpdates", () => {
  const update = (resultId: string, answerCount: number): ResultUpdate => ({
    resultId,
    botId: "b",
    variables: [],
    answerCount,
    finished: false,
  });
  it("keeps the later step's view of a result touched twice", () => {
    expect(mergeResultUpdates([update("a", 0), update("b", 0)], [update("a", 1)])).toEqual([
      update("b", 0),
      update("a", 1),
    ]);
  });
});
