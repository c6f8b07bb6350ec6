import { describe, expect, it } from "vitest";
import type { SessionState } from "../../../src/engine/session-state.js";
import { MAX_BLOCKS_PER_TURN, walkFlow } from "../../../src/engine/walk.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../helpers/engine-bot.js";

const askName = { id: "ask", type: "text input", options: { variableId: "vName" } };
const state = (): SessionState => ({
  version: 3,
  status: "waiting",
  mode: "preview",
  botId: "bot-1",
  resultAnswers: 0,
  variables: [{ id: "vName", name: "Name" }],
  answers: [],
  transcript: [],
  totalAnswers: 0,
  isProgressBarEnabled: false,
});
const context = (extra: { maxVariableBytes?: number } = {}) => ({
  ports: fakePorts(),
  format: "richText" as const,
  ...extra,
});

describe("walkFlow", () => {
  it("shows the bubbles up to the first input and waits on that input", async () => {
    const bot = engineBot({ groups: [group("g1", [text("a", "Hello"), text("b", "Who are you?"), askName])] });
    const walk = await walkFlow(bot, state(), { edgeId: "e-start" }, context());
    expect(texts(walk.messages)).toEqual(["Hello", "Who are you?"]);
    expect(walk.input).toMatchObject({ id: "ask", type: "text input" });
    expect(walk.currentBlockId).toBe("ask");
    expect(walk.ended).toBe(false);
    expect(walk.state.transcript).toEqual([
      { role: "bot", text: "Hello" },
      { role: "bot", text: "Who are you?" },
    ]);
  });

  it("follows the last block's edge into the next group and ends where no edge is left", async () => {
    const bot = engineBot({
      groups: [
        group("g1", [text("a", "one"), { ...text("b", "two"), outgoingEdgeId: "e1" }]),
        group("g2", [text("c", "three")]),
      ],
      edges: [edge("e-start", "g1"), edge("e1", "g2")],
    });
    const walk = await walkFlow(bot, state(), { edgeId: "e-start" }, context());
    expect(texts(walk.messages)).toEqual(["one", "two", "three"]);
    expect(walk.ended).toBe(true);
    expect(walk.currentBlockId).toBeUndefined();
  });

  it("starts at a block inside a group when given a position, and at an edge's target block", async () => {
    const bot = engineBot({
      groups: [group("g1", [text("a", "skipped"), text("b", "from here"), text("c", "and on")])],
      edges: [edge("e-start", "g1"), edge("e-mid", "g1", "c")],
    });
    expect(texts((await walkFlow(bot, state(), { groupId: "g1", blockIndex: 1 }, context())).messages)).toEqual([
      "from here",
      "and on",
    ]);
    expect(texts((await walkFlow(bot, state(), { edgeId: "e-mid" }, context())).messages)).toEqual(["and on"]);
  });

  it("ends at once, showing nothing, when the start edge leads nowhere", async () => {
    const bot = engineBot({ groups: [group("g1", [text("a", "never")])], edges: [] });
    const walk = await walkFlow(bot, state(), { edgeId: "e-start" }, context());
    expect(walk.messages).toEqual([]);
    expect(walk.ended).toBe(true);
  });

  it("stops a flow that loops without waiting, with an error log naming the group", async () => {
    const bot = engineBot({
      groups: [group("Loop", [text("a", "again"), { id: "j", type: "Jump", options: { groupId: "Loop" } }])],
    });
    const walk = await walkFlow(bot, state(), { edgeId: "e-start" }, context());
    expect(walk.ended).toBe(true);
    expect(walk.messages.length).toBe(MAX_BLOCKS_PER_TURN / 2);
    expect(walk.logs).toEqual([
      {
        status: "error",
        description: `The flow ran more than ${MAX_BLOCKS_PER_TURN} blocks without waiting for the visitor and was stopped`,
        details: "Last group: Loop",
      },
    ]);
  });

  it("applies an action's variables, and leaves out a value over the per-variable limit with an error log", async () => {
    const bot = engineBot({
      variables: [{ id: "vId", name: "Id" }],
      groups: [group("g1", [{ id: "sv", type: "Set variable", options: { variableId: "vId", type: "Random ID" } }])],
    });
    const within = await walkFlow(
      bot,
      { ...state(), variables: bot.document.variables },
      { edgeId: "e-start" },
      context(),
    );
    expect(within.state.variables).toEqual([{ id: "vId", name: "Id", value: "id-1" }]);
    expect(within.logs).toEqual([]);

    const over = await walkFlow(
      bot,
      { ...state(), variables: bot.document.variables },
      { edgeId: "e-start" },
      context({ maxVariableBytes: 2 }),
    );
    expect(over.state.variables).toEqual([{ id: "vId", name: "Id" }]);
    expect(over.logs).toEqual([
      {
        status: "error",
        description: "A value larger than 2 bytes was not stored in a variable",
        details: "Variable id: vId",
      },
    ]);
  });
});
