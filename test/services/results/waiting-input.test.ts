import { describe, expect, it } from "vitest";
import { parseRuntimeBot } from "../../../src/services/chat/runtime-bot-cache.js";
import { waitingInputBlockId } from "../../../src/services/results/waiting-input.js";

const bot = parseRuntimeBot("bot", {
  version: "6",
  events: [{ id: "ev", type: "start", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g",
      title: "G",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: "b-embed", type: "embed", content: { url: "https://x.example", waitForEvent: { isEnabled: true } } },
        { id: "b-mail", type: "email input" },
      ],
    },
  ],
  edges: [],
  variables: [],
  theme: {},
  settings: {},
});

describe("waitingInputBlockId", () => {
  it("names the input a started, unfinished chat waits on", () => {
    expect(waitingInputBlockId(bot, { status: "waiting", currentBlockId: "b-mail", totalAnswers: 1 })).toBe("b-mail");
  });

  it("is null before the first answer, after the end, and while a non-input block waits", () => {
    expect(waitingInputBlockId(bot, { status: "waiting", currentBlockId: "b-mail", totalAnswers: 0 })).toBeNull();
    expect(waitingInputBlockId(bot, { status: "completed", currentBlockId: undefined, totalAnswers: 2 })).toBeNull();
    expect(waitingInputBlockId(bot, { status: "waiting", currentBlockId: "b-embed", totalAnswers: 2 })).toBeNull();
    expect(waitingInputBlockId(bot, { status: "waiting", currentBlockId: "gone", totalAnswers: 2 })).toBeNull();
  });
});
