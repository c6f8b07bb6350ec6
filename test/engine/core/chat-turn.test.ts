import { describe, expect, it } from "vitest";
import { computeDynamicTheme, finishTurn } from "../../../src/engine/chat-turn.js";
import type { SessionState } from "../../../src/engine/session-state.js";
import type { WalkResult } from "../../../src/engine/walk.js";
import { engineBot, group, text } from "../../helpers/engine-bot.js";

const bot = engineBot({
  groups: [group("g1", [text("a", "Hello"), { id: "ask", type: "text input", options: { variableId: "vName" } }])],
  variables: [{ id: "vName", name: "Name", value: "Ada" }],
  theme: { chat: { hostAvatar: { url: "https://example.com/{{Name}}.png" }, guestAvatar: { url: "https://x/y.png" } } },
});
const state: SessionState = {
  version: 3,
  status: "waiting",
  mode: "live",
  botId: "bot-1",
  resultId: "r1",
  resultAnswers: 0,
  variables: [{ id: "vName", name: "Name", value: "Ada" }],
  answers: [],
  transcript: [],
  totalAnswers: 0,
  isProgressBarEnabled: true,
};
const walk = (extra: Partial<WalkResult>): WalkResult => ({
  bot,
  messages: [],
  clientSideActions: [],
  logs: [],
  effects: [],
  state,
  ended: false,
  ...extra,
});

describe("finishTurn", () => {
  it("keeps the session waiting on the walk's input, with the progress and the avatars that follow variables", () => {
    const input = { id: "ask", type: "text input", options: { variableId: "vName" } } as never;
    const turn = finishTurn(bot, state, walk({ input, currentBlockId: "ask" }), {
      messagesBefore: [{ id: "retry", type: "text", content: { type: "markdown", markdown: "again" } } as never],
    });
    expect(turn.state.status).toBe("waiting");
    expect(turn.state.currentBlockId).toBe("ask");
    expect(turn.reply.messages.map((message) => message.id)).toEqual(["retry"]);
    expect(turn.reply.input).toBe(input);
    expect(turn.reply.dynamicTheme).toEqual({
      hostAvatarUrl: "https://example.com/Ada.png",
      guestAvatarUrl: "https://x/y.png",
    });
    expect(turn.reply.progress).toBe(50);
    expect(turn.ended).toBe(false);
  });

  it("completes the session when the walk ended, and marks its result finished", () => {
    const turn = finishTurn(bot, state, walk({ ended: true, currentBlockId: "ask" }), {});
    expect(turn.state.status).toBe("completed");
    expect(turn.state.currentBlockId).toBeUndefined();
    expect(turn.reply.progress).toBe(100);
    expect(turn.results).toEqual([
      { resultId: "r1", botId: "bot-1", variables: state.variables, answerCount: 0, finished: true },
    ]);
  });

  it("puts earlier logs before the walk's, in the reply and the turn, and keeps the walk's effects", () => {
    const effect = { type: "email", payload: {} } as never;
    const turn = finishTurn(bot, state, walk({ logs: [{ status: "error", description: "walk" }], effects: [effect] }), {
      logsBefore: [{ status: "info", description: "before" }],
    });
    expect(turn.logs.map((log) => log.description)).toEqual(["before", "walk"]);
    expect(turn.reply.logs).toEqual(turn.logs);
    expect(turn.effects).toEqual([effect]);
  });
});

describe("computeDynamicTheme", () => {
  it("is unset when no avatar URL holds a variable", () => {
    const plain = engineBot({ groups: [group("g1", [])], theme: { chat: { hostAvatar: { url: "https://x/a.png" } } } });
    expect(computeDynamicTheme(plain, [])).toBeUndefined();
  });
});
