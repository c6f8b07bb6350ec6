import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { textMessage } from "../helpers/bot-builder.js";
import { createTypebotEmbedClient, type TypebotEmbedClient } from "../helpers/typebot-embed-client.js";
import { asBot, loopWithJumpAndReturn, transcriptShownInLoop } from "../helpers/transcript-bots.js";

/**
 * The reference's viewer cases of the Transcript variable (transcript.spec.ts), on a real server with
 * the reference's embed client: the messages as the chat shows them. Its page test reads the bubble's
 * paragraphs run together, which is what `joined` gives here.
 */

let h: ChatHarness;
let client: TypebotEmbedClient;
beforeAll(async () => {
  h = await createChatHarness();
  client = createTypebotEmbedClient(h.server.url);
});
afterAll(() => h.close());

type Paragraph = { type: string; children: { text: string }[] };
/** The bubble's paragraphs, each as one line of text. */
const lines = (bubble: { content: { richText?: unknown } }) =>
  (bubble.content.richText as Paragraph[]).map((paragraph) => paragraph.children.map((leaf) => leaf.text).join(""));
const joined = (bubble: { content: { richText?: unknown } }) => lines(bubble).join("");

describe("the reference's transcript cases, through its embed client", () => {
  it("a loop with a jump and a return: every bubble, with the values it was shown with", async () => {
    const conversation = await h.conversation(asBot(loopWithJumpAndReturn()));
    const start = await client.startChat(conversation.publicId);
    expect(start.body.messages).toEqual([
      textMessage("b-think", "Let me think..."),
      textMessage("b-how", "How are you? You said "),
    ]);
    const sessionId = start.body.sessionId;
    expect((await client.sendText(sessionId, "hey")).body.messages).toEqual([
      textMessage("b-think", "Let me think..."),
      textMessage("b-how", "How are you? You said hey"),
    ]);
    await client.sendText(sessionId, "hey 2");
    const last = await client.sendText(sessionId, "hey 3");
    expect(last.status).toBe(200);
    expect(last.body.messages).toHaveLength(1);
    expect(joined(last.body.messages[0])).toBe(
      'Assistant: "Let me think..."Assistant: "How are you? You said "User: "hey"Assistant: "Let me think..."Assistant: "How are you? You said hey"User: "hey 2"Assistant: "Let me think..."Assistant: "How are you? You said hey 2"User: "hey 3"',
    );
    expect(lines(last.body.messages[0]).filter((line) => line !== "")).toEqual([
      'Assistant: "Let me think..."',
      'Assistant: "How are you? You said "',
      'User: "hey"',
      'Assistant: "Let me think..."',
      'Assistant: "How are you? You said hey"',
      'User: "hey 2"',
      'Assistant: "Let me think..."',
      'Assistant: "How are you? You said hey 2"',
      'User: "hey 3"',
    ]);
  });

  it("a Transcript shown in a loop: the intro, then itself as it was shown", async () => {
    const conversation = await h.conversation(asBot(transcriptShownInLoop()));
    const start = await client.startChat(conversation.publicId);
    expect(start.body.messages.slice(0, 2)).toEqual([
      textMessage("b-hi", "Hi there 👋"),
      textMessage("b-help", "How can I help?"),
    ]);
    expect(lines(start.body.messages[2])).toEqual(['Assistant: "Hi there 👋"', "", 'Assistant: "How can I help?"']);
    const next = await client.sendText(start.body.sessionId, "Hey");
    expect(next.body.messages[0]).toEqual(textMessage("b-test", "Test"));
    expect(lines(next.body.messages[1])).toEqual([
      'Assistant: "Hi there 👋"',
      "",
      'Assistant: "How can I help?"',
      "",
      'Assistant: "Assistant: "Hi there 👋"',
      "",
      'Assistant: "How can I help?""',
      "",
      'User: "Hey"',
      "",
      'Assistant: "Test"',
    ]);
  });
});

describe("a chat stored before the transcript was recorded (state version 2)", () => {
  const fixture = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v2.json", "utf8"));
  const v2State: Record<string, unknown> = JSON.parse(fixture.row.state);

  it("goes on, tells its earlier turns as it could then, and is stored in the current version", async () => {
    const conversation = await h.conversation(asBot(loopWithJumpAndReturn()));
    await conversation.start();
    await conversation.send("hey");
    await conversation.send("hey 2");
    const old = { ...v2State, botId: conversation.botId, resultId: conversation.resultId, workspaceId: h.workspaceId };
    const sessions = () => h.server.ctx.store.db.selectFrom("sessions").where("id", "=", conversation.sessionId!);
    await h.server.ctx.store.db
      .updateTable("sessions")
      .set({ state: JSON.stringify(old) })
      .where("id", "=", conversation.sessionId!)
      .execute();

    const last = await conversation.send("hey 3");
    expect(lines(last.messages[0]).filter((line: string) => line !== "")).toEqual([
      'Assistant: "How are you? You said hey 3"',
      'User: "hey"',
      'Assistant: "How are you? You said hey 3"',
      'User: "hey 2"',
      'Assistant: "How are you? You said hey 3"',
      'User: "hey 3"',
    ]);
    // The chat ended with that turn: its row is gone, its answers are stored.
    expect(await sessions().select("id").executeTakeFirst()).toBeUndefined();
    expect((await conversation.answers()).map((answer) => answer.content)).toEqual(["hey", "hey 2", "hey 3"]);
  });

  it("a turn that does not end the chat writes the record back, the marks of the old turns first", async () => {
    const conversation = await h.conversation(asBot(loopWithJumpAndReturn()));
    await conversation.start();
    await conversation.send("hey");
    const { answerHistory: _, ...withoutHistory } = v2State;
    const old = {
      ...withoutHistory,
      botId: conversation.botId,
      resultId: conversation.resultId,
      workspaceId: h.workspaceId,
      variables: [
        { id: "vCount", name: "Answers count", isSessionVariable: true, value: "1" },
        { id: "vTranscript", name: "Transcript", isSessionVariable: true },
        { id: "vAnswer", name: "Answer", isSessionVariable: true, value: "hey" },
      ],
      answers: [{ key: "Answer", blockId: "b-answer", value: "hey" }],
      resultAnswers: 1,
      totalAnswers: 1,
    };
    await h.server.ctx.store.db
      .updateTable("sessions")
      .set({ state: JSON.stringify(old) })
      .where("id", "=", conversation.sessionId!)
      .execute();
    await conversation.send("hey 2");
    const row = await h.server.ctx.store.db
      .selectFrom("sessions")
      .select("state")
      .where("id", "=", conversation.sessionId!)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.state);
    expect(stored.version).toBe(3);
    expect(stored).not.toHaveProperty("answerHistory");
    expect(stored.transcript).toEqual([
      { bubblesBefore: "b-answer" },
      { role: "user", text: "hey" },
      { bubblesBefore: "b-answer" },
      { role: "user", text: "hey 2" },
      { role: "bot", text: "Let me think..." },
      { role: "bot", text: "How are you? You said hey 2" },
    ]);
  });
});
