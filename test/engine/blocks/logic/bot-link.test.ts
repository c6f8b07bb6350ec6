import { describe, expect, it } from "vitest";
import type { TurnResult } from "../../../../src/engine/chat-turn.js";
import { continueSession } from "../../../../src/engine/continue-session.js";
import type { EnginePorts } from "../../../../src/engine/ports.js";
import type { RuntimeBot } from "../../../../src/engine/runtime-bot.js";
import { startSession } from "../../../../src/engine/start-session.js";
import { engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

const input = (id: string, variableId: string) => ({ id, type: "text input", options: { variableId } });
const link = (id: string, botId: string, mergeResults?: boolean) => ({
  id,
  type: "Bot link",
  options: { botId, ...(mergeResults === undefined ? {} : { mergeResults }) },
});
/** A published bot as the loader gives it: its own id and version. */
const published = (id: string, bot: RuntimeBot): RuntimeBot => ({ ...bot, id, versionId: `${id}-v1` });

/** The parent asks a name, links to the child, then asks a mood. */
const parent = (linkBlock: Record<string, unknown>) =>
  published(
    "bot-a",
    engineBot({
      groups: [
        group("g-a", [
          text("a-hi", "Hello from A"),
          input("a-q1", "a-name"),
          linkBlock,
          text("a-back", "Back in A: {{City}}"),
          input("a-q2", "a-mood"),
          text("a-bye", "Bye {{Name}}"),
        ]),
      ],
      variables: [
        { id: "a-name", name: "Name" },
        { id: "a-city", name: "City" },
        { id: "a-mood", name: "Mood" },
      ],
    }),
  );

/** The child greets by the parent's name (passed by name), asks a city and ends. */
const child = published(
  "bot-b",
  engineBot({
    groups: [group("g-b", [text("b-hi", "B here, {{Name}}"), input("b-q", "b-city"), text("b-bye", "B done")])],
    variables: [
      { id: "b-name", name: "Name" },
      { id: "b-city", name: "City" },
    ],
  }),
);

function chat(root: RuntimeBot, linked: RuntimeBot[], mode: "live" | "preview" = "live") {
  const bots = new Map(linked.map((bot) => [bot.id, bot]));
  const ports: EnginePorts = { ...fakePorts(), bots: { load: async (id) => bots.get(id) } };
  const options = { ports, format: "richText" as const };
  let turn: TurnResult;
  return {
    async start() {
      turn = await startSession(
        { bot: root, mode, workspaceId: "ws", ...(mode === "live" ? { resultId: "r-root" } : {}) },
        options,
      );
      return turn;
    },
    async send(message: string) {
      turn = await continueSession(root, turn.state, message, options);
      return turn;
    },
  };
}

const values = (update: { variables: { name: string; value?: unknown }[] }) =>
  Object.fromEntries(update.variables.filter((v) => v.value !== undefined).map((v) => [v.name, v.value]));

describe("Bot link without mergeResults (the default)", () => {
  it("gives the linked bot a result of its own, with its answers, and finishes it when the flow comes back", async () => {
    const conversation = chat(parent(link("a-link", "bot-b")), [child]);
    const start = await conversation.start();
    expect(start.results).toEqual([
      {
        resultId: "r-root",
        botId: "bot-a",
        botVersionId: "bot-a-v1",
        variables: start.state.variables,
        answerCount: 0,
        finished: false,
        waitingInputBlockId: "a-q1",
      },
    ]);

    const entered = await conversation.send("Ada");
    expect(texts(entered.reply.messages)).toEqual(["B here, Ada"]);
    expect(entered.newAnswers).toEqual([
      { resultId: "r-root", blockId: "a-q1", groupId: "g-a", content: "Ada", position: 0 },
    ]);
    expect(entered.state.resultId).toBe("id-1");
    expect(entered.state.resultAnswers).toBe(0);
    expect(entered.state.answers).toEqual([]);
    expect(entered.state.linkStack?.[0].separate).toEqual({
      answers: [{ key: "Name", blockId: "a-q1", value: "Ada" }],
      resultId: "r-root",
      resultAnswers: 1,
    });
    expect(entered.results.map(({ variables, ...rest }) => ({ ...rest, values: values({ variables }) }))).toEqual([
      {
        resultId: "r-root",
        botId: "bot-a",
        botVersionId: "bot-a-v1",
        answerCount: 1,
        finished: false,
        values: { Name: "Ada" },
      },
      {
        resultId: "id-1",
        botId: "bot-b",
        botVersionId: "bot-b-v1",
        answerCount: 0,
        finished: false,
        waitingInputBlockId: "b-q",
        values: { Name: "Ada" },
      },
    ]);

    const back = await conversation.send("Lisbon");
    // The child's values stay with the child: nothing comes back by name.
    expect(texts(back.reply.messages)).toEqual(["B done", "Back in A: "]);
    expect(back.newAnswers).toEqual([
      { resultId: "id-1", blockId: "b-q", groupId: "g-b", content: "Lisbon", position: 0 },
    ]);
    expect(back.results.map(({ variables, ...rest }) => ({ ...rest, values: values({ variables }) }))).toEqual([
      {
        resultId: "id-1",
        botId: "bot-b",
        botVersionId: "bot-b-v1",
        answerCount: 1,
        finished: true,
        values: { Name: "Ada", City: "Lisbon" },
      },
      {
        resultId: "r-root",
        botId: "bot-a",
        botVersionId: "bot-a-v1",
        answerCount: 1,
        finished: false,
        waitingInputBlockId: "a-q2",
        values: { Name: "Ada" },
      },
    ]);
    expect(back.state).toMatchObject({
      resultId: "r-root",
      resultAnswers: 1,
      totalAnswers: 2,
      answers: [{ key: "Name", blockId: "a-q1", value: "Ada" }],
    });
    expect(back.state.linkStack).toBeUndefined();
    expect(back.state.currentBotId).toBeUndefined();

    const end = await conversation.send("Fine");
    expect(texts(end.reply.messages)).toEqual(["Bye Ada"]);
    expect(end.ended).toBe(true);
    expect(end.newAnswers).toEqual([
      { resultId: "r-root", blockId: "a-q2", groupId: "g-a", content: "Fine", position: 1 },
    ]);
    expect(end.results.map(({ resultId, answerCount, finished }) => ({ resultId, answerCount, finished }))).toEqual([
      { resultId: "r-root", answerCount: 2, finished: true },
    ]);
  });

  it("finishes a child that asks nothing within the turn that entered it", async () => {
    const silent = published("bot-s", engineBot({ groups: [group("g-s", [text("s-hi", "Just saying")])] }));
    const conversation = chat(parent(link("a-link", "bot-s")), [silent]);
    await conversation.start();
    const turn = await conversation.send("Ada");
    expect(texts(turn.reply.messages)).toEqual(["Just saying", "Back in A: "]);
    expect(
      turn.results.map(({ resultId, botId, answerCount, finished }) => ({ resultId, botId, answerCount, finished })),
    ).toEqual([
      { resultId: "r-root", botId: "bot-a", answerCount: 1, finished: false },
      { resultId: "id-1", botId: "bot-s", answerCount: 0, finished: true },
    ]);
  });

  it("gives each bot of a nested chain its own result: three results for parent, child and grandchild", async () => {
    const grandchild = published(
      "bot-c",
      engineBot({
        groups: [group("g-c", [input("c-q", "c-color"), text("c-bye", "C done")])],
        variables: [{ id: "c-color", name: "Color" }],
      }),
    );
    const middle = published(
      "bot-b",
      engineBot({
        groups: [group("g-b", [input("b-q", "b-city"), link("b-link", "bot-c"), text("b-after", "Back in B")])],
        variables: [{ id: "b-city", name: "City" }],
      }),
    );
    const conversation = chat(parent(link("a-link", "bot-b")), [middle, grandchild]);
    await conversation.start();
    await conversation.send("Ada");
    const inGrandchild = await conversation.send("Lisbon");
    expect(inGrandchild.newAnswers.map(({ resultId, blockId }) => ({ resultId, blockId }))).toEqual([
      { resultId: "id-1", blockId: "b-q" },
    ]);
    expect(inGrandchild.state.resultId).toBe("id-2");
    expect(
      inGrandchild.results.map(({ resultId, botId, answerCount, finished }) => ({
        resultId,
        botId,
        answerCount,
        finished,
      })),
    ).toEqual([
      { resultId: "id-1", botId: "bot-b", answerCount: 1, finished: false },
      { resultId: "id-2", botId: "bot-c", answerCount: 0, finished: false },
    ]);

    const back = await conversation.send("Blue");
    expect(texts(back.reply.messages)).toEqual(["C done", "Back in B", "Back in A: "]);
    expect(back.newAnswers.map(({ resultId, blockId, position }) => ({ resultId, blockId, position }))).toEqual([
      { resultId: "id-2", blockId: "c-q", position: 0 },
    ]);
    expect(
      back.results.map(({ resultId, botId, botVersionId, answerCount, finished }) => ({
        resultId,
        botId,
        botVersionId,
        answerCount,
        finished,
      })),
    ).toEqual([
      { resultId: "id-2", botId: "bot-c", botVersionId: "bot-c-v1", answerCount: 1, finished: true },
      { resultId: "id-1", botId: "bot-b", botVersionId: "bot-b-v1", answerCount: 1, finished: true },
      { resultId: "r-root", botId: "bot-a", botVersionId: "bot-a-v1", answerCount: 1, finished: false },
    ]);
    const end = await conversation.send("Fine");
    expect(end.newAnswers.map(({ resultId, position }) => ({ resultId, position }))).toEqual([
      { resultId: "r-root", position: 1 },
    ]);
    expect(end.state.totalAnswers).toBe(4);
  });

  it("keeps the child's answers and variables apart in a preview too, where no result exists", async () => {
    const conversation = chat(parent(link("a-link", "bot-b")), [child], "preview");
    await conversation.start();
    const entered = await conversation.send("Ada");
    expect(entered.results).toEqual([]);
    expect(entered.state.resultId).toBeUndefined();
    // Without a result the counter kept aside is the chat's (state version 2 keeps it in every frame).
    expect(entered.state.linkStack?.[0].separate).toEqual({
      answers: [{ key: "Name", blockId: "a-q1", value: "Ada" }],
      resultAnswers: 1,
    });
    const back = await conversation.send("Lisbon");
    expect(back.newAnswers).toEqual([{ blockId: "b-q", groupId: "g-b", content: "Lisbon", position: 1 }]);
    expect(texts(back.reply.messages)).toEqual(["B done", "Back in A: "]);
    expect(back.results).toEqual([]);
  });
});

describe("Bot link with mergeResults", () => {
  it("keeps everything on the session's result and brings the child's values back by name", async () => {
    const conversation = chat(parent(link("a-link", "bot-b", true)), [child]);
    await conversation.start();
    const entered = await conversation.send("Ada");
    expect(entered.state.resultId).toBe("r-root");
    expect(entered.state.linkStack?.[0].separate).toBeUndefined();
    // A merged child's input is not one of the result's own bot: no drop-off point is named.
    expect(
      entered.results.map(({ resultId, botId, answerCount, waitingInputBlockId }) => ({
        resultId,
        botId,
        answerCount,
        waitingInputBlockId,
      })),
    ).toEqual([{ resultId: "r-root", botId: "bot-a", answerCount: 1, waitingInputBlockId: undefined }]);
    const back = await conversation.send("Lisbon");
    expect(texts(back.reply.messages)).toEqual(["B done", "Back in A: Lisbon"]);
    expect(back.newAnswers).toEqual([
      { resultId: "r-root", blockId: "b-q", groupId: "g-b", content: "Lisbon", position: 1 },
    ]);
    expect(
      back.results.map(({ resultId, answerCount, finished, waitingInputBlockId }) => ({
        resultId,
        answerCount,
        finished,
        waitingInputBlockId,
      })),
    ).toEqual([{ resultId: "r-root", answerCount: 2, finished: false, waitingInputBlockId: "a-q2" }]);
    const end = await conversation.send("Fine");
    expect(end.newAnswers.map(({ resultId, position }) => ({ resultId, position }))).toEqual([
      { resultId: "r-root", position: 2 },
    ]);
    expect(end.results.map(({ resultId, answerCount, finished }) => ({ resultId, answerCount, finished }))).toEqual([
      { resultId: "r-root", answerCount: 3, finished: true },
    ]);
  });

  it("always merges a link of the bot to itself, whatever mergeResults says", async () => {
    const bot = published(
      "bot-a",
      engineBot({
        groups: [
          group("g1", [
            input("q1", "v"),
            { id: "self", type: "Bot link", options: { botId: "current", groupId: "g2", mergeResults: false } },
            text("end", "End {{V}}"),
          ]),
          group("g2", [input("q2", "v")]),
        ],
        variables: [{ id: "v", name: "V" }],
      }),
    );
    const conversation = chat(bot, []);
    await conversation.start();
    const inner = await conversation.send("one");
    expect(inner.state.resultId).toBe("r-root");
    const end = await conversation.send("two");
    expect(texts(end.reply.messages)).toEqual(["End two"]);
    expect(end.newAnswers.map(({ resultId, position }) => ({ resultId, position }))).toEqual([
      { resultId: "r-root", position: 1 },
    ]);
    expect(end.results.map(({ resultId, answerCount, finished }) => ({ resultId, answerCount, finished }))).toEqual([
      { resultId: "r-root", answerCount: 2, finished: true },
    ]);
  });

  it("puts a non-merging grandchild's result under the child it merged with no result of its own", async () => {
    const grandchild = published(
      "bot-c",
      engineBot({ groups: [group("g-c", [input("c-q", "c-color")])], variables: [{ id: "c-color", name: "Color" }] }),
    );
    const middle = published("bot-b", engineBot({ groups: [group("g-b", [link("b-link", "bot-c")])] }));
    const conversation = chat(parent(link("a-link", "bot-b", true)), [middle, grandchild]);
    await conversation.start();
    const turn = await conversation.send("Ada");
    expect(
      turn.results.map(({ resultId, botId, answerCount, waitingInputBlockId }) => ({
        resultId,
        botId,
        answerCount,
        waitingInputBlockId,
      })),
    ).toEqual([
      { resultId: "r-root", botId: "bot-a", answerCount: 1, waitingInputBlockId: undefined },
      { resultId: "id-1", botId: "bot-c", answerCount: 0, waitingInputBlockId: "c-q" },
    ]);
  });
});

describe("Remember-user start", () => {
  it("numbers new answers after those the resumed result already holds", async () => {
    const bot = published(
      "bot-a",
      engineBot({ groups: [group("g", [input("q", "v")])], variables: [{ id: "v", name: "V" }] }),
    );
    const options = { ports: fakePorts(), format: "richText" as const };
    const start = await startSession(
      { bot, mode: "live", resultId: "r-old", resumed: { variables: [], answers: [], answerCount: 3 } },
      options,
    );
    expect(start.results[0].answerCount).toBe(3);
    const turn = await continueSession(bot, start.state, "x", options);
    expect(turn.newAnswers[0].position).toBe(3);
    expect(turn.results[0].answerCount).toBe(4);
  });
});
