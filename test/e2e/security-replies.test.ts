import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, retryBubble, say, textMessage } from "../helpers/bot-builder.js";

/** Issue 15, finding 5: a reply longer than its input type takes is refused before it is parsed. */
let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const INVALID = "Invalid message. Please, try again.";
const askBot = (input: Record<string, unknown>) =>
  buildBot({
    groups: [{ id: "g", blocks: [input, say("b-thanks", "Thanks!")] }],
    variables: [{ id: "v-answer", name: "Answer" }],
  });

async function timedSend(conversation: Awaited<ReturnType<ChatHarness["conversation"]>>, text: string) {
  const started = performance.now();
  const response = await conversation.sendRaw(text);
  return { response, ms: performance.now() - started };
}

describe("reply length before parsing", () => {
  it("refuses a 100,000-character phone reply with the input's retry message, at once", async () => {
    const input = {
      id: "b-phone",
      type: "phone number input",
      options: { variableId: "v-answer", defaultCountryCode: "FR", retryMessageContent: "A phone number, please." },
    };
    const conversation = await h.conversation(askBot(input));
    await conversation.start();
    const { response, ms } = await timedSend(conversation, `06 12 34 56 78 ${"1 ".repeat(50_000)}`.slice(0, 100_000));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ messages: [retryBubble("b-phone", "A phone number, please.")], input });
    // Parsing it took 0.6–1.3 s of the server's thread; refused unparsed it is a plain request.
    expect(ms).toBeLessThan(300);
    expect(await conversation.send("06 12 34 56 78")).toEqual({
      messages: [textMessage("b-thanks", "Thanks!")],
      lastMessageNewFormat: "+33612345678",
    });
  });

  it("refuses a date reply over 500 characters, and a text reply over 10,000", async () => {
    const date = { id: "b-date", type: "date input", options: { variableId: "v-answer", format: "yyyy-MM-dd" } };
    const dated = await h.conversation(askBot(date));
    await dated.start();
    const { response } = await timedSend(dated, `2025-01-01 ${"a".repeat(600)}`);
    expect(response.body).toEqual({ messages: [retryBubble("b-date", INVALID)], input: date });

    const text = { id: "b-text", type: "text input", options: { variableId: "v-answer" } };
    const told = await h.conversation(askBot(text));
    await told.start();
    expect((await told.sendRaw("x".repeat(10_001))).body).toEqual({
      messages: [retryBubble("b-text", INVALID)],
      input: text,
    });
    expect(await told.send("x".repeat(10_000))).toEqual({ messages: [textMessage("b-thanks", "Thanks!")] });
    expect(await told.answers()).toEqual([{ blockId: "b-text", content: "x".repeat(10_000) }]);
  });
});
