import { describe, expect, it } from "vitest";
import { enterLinkedBot, leaveLinkedBot } from "../../src/engine/link-frames.js";
import type { RuntimeBot } from "../../src/engine/runtime-bot.js";
import type { SessionState } from "../../src/engine/session-state.js";
import { loadSessionState } from "../../src/schemas/session-state-upgrade.js";
import { engineBot, group, text } from "../helpers/engine-bot.js";

const parent: RuntimeBot = {
  ...engineBot({ groups: [group("g-a", [text("a", "A")])], variables: [{ id: "a-x", name: "X" }] }),
  id: "bot-a",
  versionId: "va",
};
const child: RuntimeBot = {
  ...engineBot({
    groups: [group("g-b", [text("b", "B")])],
    variables: [
      { id: "b-x", name: "X" },
      { id: "b-y", name: "Y" },
    ],
  }),
  id: "bot-b",
  versionId: "vb",
};

const liveState: SessionState = {
  version: 3,
  status: "waiting",
  mode: "live",
  botId: "bot-a",
  resultId: "r-a",
  resultAnswers: 2,
  variables: [{ id: "a-x", name: "X", value: "from A" }],
  answers: [{ key: "X", blockId: "q", value: "from A" }],
  transcript: [],
  totalAnswers: 2,
  isProgressBarEnabled: false,
  returnTo: { groupId: "g-a", blockIndex: 0 },
};
const resumeAt = { edgeId: "e-after" };
let ids = 0;
const entry = (mergeResults: boolean, from: RuntimeBot = parent, to: RuntimeBot = child) => ({
  parent: from,
  child: to,
  resumeAt,
  mergeResults,
  newResultId: () => `new-${++ids}`,
});

describe("enterLinkedBot", () => {
  it("without merging: a fresh result and no answers for the child, the parent's kept in the frame", () => {
    ids = 0;
    expect(enterLinkedBot(liveState, entry(false))).toEqual({
      ...liveState,
      currentBotId: "bot-b",
      resultId: "new-1",
      resultAnswers: 0,
      answers: [],
      variables: [
        { id: "b-x", name: "X", value: "from A" },
        { id: "b-y", name: "Y" },
      ],
      returnTo: undefined,
      resumeStack: undefined,
      linkStack: [
        {
          botId: "bot-a",
          botVersionId: "va",
          resumeAt,
          variables: liveState.variables,
          returnTo: { groupId: "g-a", blockIndex: 0 },
          resumeStack: undefined,
          separate: { answers: liveState.answers, resultId: "r-a", resultAnswers: 2 },
        },
      ],
    });
  });

  it("counts the parent's answers from the whole chat for sessions stored before the result counter existed", () => {
    const { resultAnswers: _, ...older } = liveState;
    const loaded = loadSessionState(JSON.stringify({ ...older, version: 1, totalAnswers: 5 }));
    expect(enterLinkedBot(loaded, entry(false)).linkStack?.[0].separate?.resultAnswers).toBe(5);
  });

  it("with merging: the same result and answers, nothing kept apart", () => {
    const entered = enterLinkedBot(liveState, entry(true));
    expect(entered).toMatchObject({
      resultId: "r-a",
      resultAnswers: 2,
      answers: liveState.answers,
      currentBotId: "bot-b",
    });
    expect(entered.linkStack?.[0].separate).toBeUndefined();
  });

  it("in a preview: no result to create, the answers still kept apart", () => {
    const { resultId: _r, ...preview } = liveState;
    const entered = enterLinkedBot({ ...preview, mode: "preview" }, entry(false));
    expect(entered.resultId).toBeUndefined();
    expect(entered.answers).toEqual([]);
    // Without a result the counter is the chat's (version 2 of the state keeps it in every frame).
    expect(entered.linkStack?.[0].separate).toEqual({ answers: liveState.answers, resultAnswers: 2 });
  });
});

describe("leaveLinkedBot", () => {
  const inChild = (merge: boolean): SessionState => {
    const entered = enterLinkedBot(liveState, entry(merge));
    return {
      ...entered,
      variables: [
        { id: "b-x", name: "X", value: "from B" },
        { id: "b-y", name: "Y", value: "only B" },
      ],
      answers: [...entered.answers, { key: "Y", blockId: "b-q", value: "only B" }],
      totalAnswers: 3,
      resultAnswers: (entered.resultAnswers ?? 0) + 1,
    };
  };

  it("without merging: the parent's variables, answers, result and counter as they were", () => {
    const state = inChild(false);
    const [frame] = state.linkStack!;
    expect(leaveLinkedBot(state, frame, [])).toEqual({
      ...liveState,
      currentBotId: undefined,
      linkStack: undefined,
      totalAnswers: 3,
      resumeStack: undefined,
    });
  });

  it("with merging: the parent's variables take the child's values by name, answers and result shared", () => {
    const state = inChild(true);
    const [frame] = state.linkStack!;
    expect(leaveLinkedBot(state, frame, [])).toEqual({
      ...liveState,
      currentBotId: undefined,
      linkStack: undefined,
      variables: [{ id: "a-x", name: "X", value: "from B" }],
      answers: [...liveState.answers, { key: "Y", blockId: "b-q", value: "only B" }],
      totalAnswers: 3,
      resultAnswers: 3,
      resumeStack: undefined,
    });
  });
});
