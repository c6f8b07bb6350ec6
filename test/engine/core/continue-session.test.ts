import { describe, expect, it } from "vitest";
import { continueSession } from "../../../src/engine/continue-session.js";
import { startSession } from "../../../src/engine/start-session.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../helpers/engine-bot.js";

const options = () => ({ ports: fakePorts(), format: "richText" as const });
const nameBot = () =>
  engineBot({
    variables: [{ id: "vName", name: "Name" }],
    groups: [
      group("g1", [
        text("hi", "Hi"),
        { id: "ask", type: "text input", options: { variableId: "vName" }, outgoingEdgeId: "e1" },
      ]),
      group("g2", [text("bye", "Bye {{Name}}")]),
    ],
    edges: [edge("e-start", "g1"), edge("e1", "g2")],
  });
const emailBot = () =>
  engineBot({
    variables: [{ id: "vMail", name: "Mail" }],
    groups: [
      group("g1", [{ id: "mail", type: "email input", options: { variableId: "vMail" } }, text("ok", "Got {{Mail}}")]),
    ],
  });

describe("continueSession", () => {
  it("saves the reply as an answer and in its variable, then walks on along the input's edge", async () => {
    const bot = nameBot();
    const started = await startSession({ bot, mode: "live", resultId: "r1" }, options());
    const turn = await continueSession(bot, started.state, "Ada", options());
    expect(texts(turn.reply.messages)).toEqual(["Bye Ada"]);
    expect(turn.newAnswers).toEqual([{ resultId: "r1", blockId: "ask", groupId: "g1", content: "Ada", position: 0 }]);
    expect(turn.state.variables).toEqual([{ id: "vName", name: "Name", value: "Ada" }]);
    expect(turn.state.answers).toEqual([{ key: "Name", blockId: "ask", value: "Ada" }]);
    expect(turn.results).toEqual([
      {
        resultId: "r1",
        botId: "bot-1",
        variables: [{ id: "vName", name: "Name", value: "Ada" }],
        answerCount: 1,
        finished: true,
      },
    ]);
    expect(turn.ended).toBe(true);
    expect(turn.state.status).toBe("completed");
  });

  it("refuses an invalid reply with the retry message, shows the input again and saves nothing", async () => {
    const bot = emailBot();
    const started = await startSession({ bot, mode: "preview" }, options());
    const turn = await continueSession(bot, started.state, "not an email", options());
    expect(texts(turn.reply.messages)).toEqual(["This email doesn't seem to be valid. Can you type it again?"]);
    expect(turn.reply.input).toMatchObject({ id: "mail", type: "email input" });
    expect(turn.newAnswers).toEqual([]);
    expect(turn.state.variables).toEqual([{ id: "vMail", name: "Mail" }]);
    const retried = await continueSession(bot, turn.state, "ada@example.com", options());
    expect(texts(retried.reply.messages)).toEqual(["Got ada@example.com"]);
  });

  it("refuses a reply to a chat that has ended, and to one that waits on nothing", async () => {
    const bot = nameBot();
    const started = await startSession({ bot, mode: "preview" }, options());
    const ended = await continueSession(bot, started.state, "Ada", options());
    await expect(continueSession(bot, ended.state, "again", options())).rejects.toMatchObject({
      code: "CHAT_ENDED",
      message: "This chat has ended. Start a new chat to talk to the bot again.",
    });
    await expect(
      continueSession(bot, { ...started.state, currentBlockId: undefined }, "Ada", options()),
    ).rejects.toMatchObject({ code: "NOT_WAITING_FOR_REPLY", message: "This chat is not waiting for a reply" });
  });

  it("starts a registered session's flow on its first message", async () => {
    const bot = nameBot();
    const registered = await startSession({ bot, mode: "preview", isOnlyRegistering: true }, options());
    expect(registered.reply.messages).toEqual([]);
    expect(registered.state.status).toBe("registered");
    const first = await continueSession(bot, registered.state, undefined, options());
    expect(texts(first.reply.messages)).toEqual(["Hi"]);
    expect(first.reply.input).toMatchObject({ id: "ask" });
  });

  it("refuses a command the bot has no event for", async () => {
    const bot = nameBot();
    const started = await startSession({ bot, mode: "preview" }, options());
    await expect(
      continueSession(bot, started.state, { type: "command", command: "restart" } as never, options()),
    ).rejects.toMatchObject({ code: "UNKNOWN_COMMAND", message: "Command event not found" });
  });
});
