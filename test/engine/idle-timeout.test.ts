import { describe, expect, it } from "vitest";
import type { TurnResult } from "../../src/engine/chat-turn.js";
import { continueSession } from "../../src/engine/continue-session.js";
import type { EnginePorts } from "../../src/engine/ports.js";
import type { RuntimeBot } from "../../src/engine/runtime-bot.js";
import { startSession } from "../../src/engine/start-session.js";
import type { ChatMessage } from "../../src/schemas/chat.js";
import { engineBot, fakePorts, group, text, texts } from "../helpers/engine-bot.js";

const idleInput = (id: string, seconds: number, outgoingEdgeId?: string) => ({
  id,
  type: "text input",
  options: { variableId: "v-name", idleTimeout: { seconds, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) } },
});

/** Asks a name; 30 s of silence leads to a reminder that asks again. */
const askName = (botId = "bot-1") => ({
  ...engineBot({
    groups: [
      group("g-ask", [text("t-ask", "Your name?"), idleInput("q-name", 30, "e-idle"), text("t-hi", "Hi {{Name}}")]),
      group("g-idle", [{ ...text("t-still", "Are you still there?"), outgoingEdgeId: "e-back" }]),
    ],
    edges: [
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
      { id: "e-idle", from: { blockId: "q-name" }, to: { groupId: "g-idle" } },
      { id: "e-back", from: { blockId: "t-still" }, to: { groupId: "g-ask", blockId: "q-name" } },
    ],
    variables: [{ id: "v-name", name: "Name" }],
  }),
  id: botId,
});

/** A session driven by a clock the test moves. */
function chat(root: RuntimeBot, linked: RuntimeBot[] = []) {
  let now = Date.parse("2026-01-15T10:00:00Z");
  const bots = new Map(linked.map((bot) => [bot.id, bot]));
  const ports: EnginePorts = {
    ...fakePorts(),
    clock: { now: () => new Date(now) },
    bots: { load: async (id) => bots.get(id) },
  };
  const options = { ports, format: "richText" as const };
  let turn: TurnResult;
  return {
    wait(seconds: number) {
      now += seconds * 1000;
    },
    async start() {
      turn = await startSession({ bot: root, mode: "live", workspaceId: "ws", resultId: "r-1" }, options);
      return turn;
    },
    async send(message: ChatMessage) {
      turn = await continueSession(root, turn.state, message, options);
      return turn;
    },
  };
}

describe("input idle timeout (engine, fake clock)", () => {
  it("tells the client the seconds and keeps the deadline counted from when the input was shown", async () => {
    const conversation = chat(askName());
    const start = await conversation.start();
    expect(start.reply.input?.idleTimeout).toEqual({ seconds: 30 });
    expect(start.state.idleDeadline).toBe(Date.parse("2026-01-15T10:00:30Z"));
  });

  it("refuses an idle message before the deadline less one second of skew, and changes nothing", async () => {
    const conversation = chat(askName());
    const start = await conversation.start();
    conversation.wait(28.9);
    await expect(conversation.send({ type: "idle" })).rejects.toMatchObject({
      code: "IDLE_TOO_EARLY",
      message: "The input's idle timeout of 30 s has not passed yet",
    });
    // Still waiting on the same input: an answer is taken as usual.
    const answered = await conversation.send("Ada");
    expect(texts(answered.reply.messages)).toEqual(["Hi Ada"]);
    expect(start.state.currentBlockId).toBe("q-name");
  });

  it("walks the idle edge once the deadline has passed (one second early is allowed) and records it", async () => {
    const conversation = chat(askName());
    await conversation.start();
    conversation.wait(29);
    const idled = await conversation.send({ type: "idle" });
    expect(texts(idled.reply.messages)).toEqual(["Are you still there?"]);
    expect(idled.idled).toEqual({ resultId: "r-1", blockId: "q-name", groupId: "g-ask", seconds: 30 });
    expect(idled.newAnswers).toEqual([]);
  });

  it("takes a late ordinary answer as the answer, without the idle path", async () => {
    const conversation = chat(askName());
    await conversation.start();
    conversation.wait(3600);
    const answered = await conversation.send("Ada");
    expect(texts(answered.reply.messages)).toEqual(["Hi Ada"]);
    expect(answered.idled).toBeUndefined();
    expect(answered.newAnswers.map((answer) => answer.content)).toEqual(["Ada"]);
    expect(answered.state.idleDeadline).toBeUndefined();
  });

  it("restarts the timer when the idle path shows the input again, so idle works twice in a row", async () => {
    const conversation = chat(askName());
    await conversation.start();
    conversation.wait(30);
    const first = await conversation.send({ type: "idle" });
    expect(first.reply.input?.id).toBe("q-name");
    expect(first.state.idleDeadline).toBe(Date.parse("2026-01-15T10:01:00Z"));
    conversation.wait(10);
    await expect(conversation.send({ type: "idle" })).rejects.toMatchObject({ code: "IDLE_TOO_EARLY" });
    conversation.wait(20);
    const second = await conversation.send({ type: "idle" });
    expect(texts(second.reply.messages)).toEqual(["Are you still there?"]);
    const answered = await conversation.send("Ada");
    expect(texts(answered.reply.messages)).toEqual(["Hi Ada"]);
  });

  it("ends the chat when the idle timeout has no edge", async () => {
    const bot = engineBot({
      groups: [group("g", [idleInput("q", 5), text("t-after", "Never shown on idle")])],
      variables: [{ id: "v-name", name: "Name" }],
    });
    const conversation = chat(bot);
    await conversation.start();
    conversation.wait(5);
    const idled = await conversation.send({ type: "idle" });
    expect(idled.reply.messages).toEqual([]);
    expect(idled.ended).toBe(true);
  });

  it("refuses idle on an input without an idle timeout", async () => {
    const bot = engineBot({ groups: [group("g", [{ id: "q", type: "text input" }])] });
    const conversation = chat(bot);
    const start = await conversation.start();
    expect(start.reply.input?.idleTimeout).toBeUndefined();
    conversation.wait(86_400);
    await expect(conversation.send({ type: "idle" })).rejects.toMatchObject({ code: "NO_IDLE_TIMEOUT" });
  });

  it("takes the idle path of an input inside a linked bot, then returns to the parent", async () => {
    const child = { ...askName("bot-child"), versionId: "bot-child-v1" };
    const parent = {
      ...engineBot({
        groups: [
          group("g-p", [{ id: "link", type: "Bot link", options: { botId: "bot-child" } }, text("t-p", "Back")]),
        ],
      }),
      id: "bot-parent",
      versionId: "bot-parent-v1",
    };
    const conversation = chat(parent, [child]);
    const start = await conversation.start();
    expect(texts(start.reply.messages)).toEqual(["Your name?"]);
    expect(start.reply.input?.idleTimeout).toEqual({ seconds: 30 });
    conversation.wait(31);
    const idled = await conversation.send({ type: "idle" });
    expect(texts(idled.reply.messages)).toEqual(["Are you still there?"]);
    expect(idled.state.currentBotId).toBe("bot-child");
    const answered = await conversation.send("Ada");
    expect(texts(answered.reply.messages)).toEqual(["Hi Ada", "Back"]);
  });
});
