import { describe, expect, it } from "vitest";
import { startSession } from "../../../src/engine/start-session.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../helpers/engine-bot.js";

const options = () => ({ ports: fakePorts(), format: "richText" as const });
const bot = () =>
  engineBot({
    variables: [
      { id: "vName", name: "Name" },
      { id: "vCity", name: "City", value: "Oslo" },
    ],
    theme: { chat: { hostAvatar: { url: "https://example.com/{{Name}}.png" } } },
    groups: [
      group("g1", [
        text("hi", "Hi {{Name}} from {{City}}"),
        { id: "ask", type: "text input", options: { variableId: "vName" } },
      ]),
      group("g2", [text("other", "Second group")]),
    ],
    edges: [edge("e-start", "g1")],
  });

describe("startSession", () => {
  it("walks from the start event with the bot's variables and a waiting state", async () => {
    const turn = await startSession({ bot: bot(), mode: "live", resultId: "r1" }, options());
    expect(texts(turn.reply.messages)).toEqual(["Hi  from Oslo"]);
    expect(turn.reply.input).toMatchObject({ id: "ask", type: "text input" });
    expect(turn.state).toMatchObject({
      status: "waiting",
      mode: "live",
      botId: "bot-1",
      resultId: "r1",
      currentBlockId: "ask",
    });
    expect(turn.theme).toEqual({ chat: { hostAvatar: { url: "https://example.com/.png" } } });
  });

  it("applies prefilled variables before the first block runs, in the theme too", async () => {
    const turn = await startSession(
      { bot: bot(), mode: "preview", prefilledVariables: { Name: "Ada", City: "Rome" } },
      options(),
    );
    expect(texts(turn.reply.messages)).toEqual(["Hi Ada from Rome"]);
    expect(turn.theme).toEqual({ chat: { hostAvatar: { url: "https://example.com/Ada.png" } } });
  });

  it("answers the first input with a message sent along with the start", async () => {
    const autoBot = engineBot({
      variables: [{ id: "vName", name: "Name" }],
      groups: [
        group("g1", [
          { id: "ask", type: "text input", options: { variableId: "vName" } },
          text("t", "Thanks {{Name}}"),
        ]),
      ],
    });
    const turn = await startSession({ bot: autoBot, mode: "preview", message: "Ada" }, options());
    expect(texts(turn.reply.messages)).toEqual(["Thanks Ada"]);
    expect(turn.state.variables).toEqual([{ id: "vName", name: "Name", value: "Ada" }]);
  });

  it("starts from a chosen group, and refuses a group or event that doesn't exist", async () => {
    const fromGroup = await startSession(
      { bot: bot(), mode: "preview", startFrom: { type: "group", groupId: "g2" } },
      options(),
    );
    expect(texts(fromGroup.reply.messages)).toEqual(["Second group"]);
    await expect(
      startSession({ bot: bot(), mode: "preview", startFrom: { type: "group", groupId: "nope" } }, options()),
    ).rejects.toMatchObject({ code: "START_GROUP_NOT_FOUND", message: "Start group doesn't exist" });
    await expect(
      startSession({ bot: bot(), mode: "preview", startFrom: { type: "event", eventId: "nope" } }, options()),
    ).rejects.toMatchObject({ code: "START_EVENT_NOT_FOUND", message: "Start event doesn't exist" });
  });

  it("resumes a remembered result: its values fill empty variables and answers are numbered after its own", async () => {
    const turn = await startSession(
      {
        bot: bot(),
        mode: "live",
        resultId: "r1",
        resumed: {
          variables: [
            { name: "Name", value: "Ada" },
            { name: "City", value: "Rome" },
          ],
          answers: [],
          answerCount: 2,
        },
      },
      options(),
    );
    expect(texts(turn.reply.messages)).toEqual(["Hi Ada from Oslo"]);
    expect(turn.state.resultAnswers).toBe(2);
  });
});
