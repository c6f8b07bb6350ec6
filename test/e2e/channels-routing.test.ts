import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramMessageUpdate, whatsAppWebhookBody } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM, WHATSAPP } from "../helpers/channel-harness.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";

let h: ChannelHarness;
let telegramId: string;
let whatsappId: string;
let orderBotId: string;
let updateId = 9000;
beforeAll(async () => {
  h = await createChannelHarness();
  telegramId = await h.credentials("telegram");
  whatsappId = await h.credentials("whatsapp");
  // Telegram: two bots told apart by their start conditions; neither has a condition-less fallback.
  orderBotId = await h.publishBot(
    telegramId,
    {
      variables: [
        { id: "v-a", name: "a" },
        { id: "v-b", name: "b" },
      ],
      groups: [
        {
          id: "g-1",
          blocks: [
            { id: "b-a", type: "text input", options: { variableId: "v-a" } },
            say("b-got-a", "Got {{a}}"),
            { id: "b-b", type: "text input", options: { variableId: "v-b" } },
            say("b-got-b", "Then {{b}}"),
          ],
        },
      ],
    },
    { startCondition: { comparisons: [{ id: "c1", comparisonOperator: "Starts with", value: "order" }] } },
  );
  await h.publishBot(
    telegramId,
    { groups: [{ id: "g-1", blocks: [say("b-help", "Help is on its way")] }] },
    {
      startCondition: {
        logicalOperator: "OR",
        comparisons: [
          { id: "c1", comparisonOperator: "Equal to", value: "help" },
          { id: "c2", comparisonOperator: "Matches regex", value: "^/help" },
        ],
      },
    },
  );
  // WhatsApp: one bot without a condition, ending at once.
  await h.publishBot(whatsappId, {
    groups: [
      {
        id: "g-1",
        blocks: [say("b-hi", "Hi there"), { id: "b-name", type: "text input", outgoingEdgeId: "e-2" }],
      },
      { id: "g-2", blocks: [say("b-bye", "Bye")] },
    ],
    edges: [edge("e-2", "g-2")],
  });
});
afterAll(() => h.close());

const bot = `/tg/bot${TELEGRAM.botToken}`;
const textsTo = (chatId: number) =>
  h.fakes.calls
    .filter((call) => call.path === `${bot}/sendMessage` && call.body?.chat_id === chatId)
    .map((call) => call.body.text as string);
const waitForTexts = async (chatId: number, count: number) => {
  await h.fakes.waitForCalls((call) => call.path === `${bot}/sendMessage` && call.body?.chat_id === chatId, count);
  return textsTo(chatId);
};
const say_ = (chatId: number, text: string) =>
  h.postTelegram(telegramId, telegramMessageUpdate(++updateId, chatId, { text }));

describe("which bot answers", () => {
  it("starts the bot whose start condition matches (every operator, regex included)", async () => {
    await say_(880001, "/help me");
    expect(await waitForTexts(880001, 1)).toEqual(["Help is on its way"]);
    await say_(880002, "order 66");
    expect(await waitForTexts(880002, 1)).toEqual(["Got order 66"]);
  });

  it("answers nothing when no condition matches, and the contact's next message tries again", async () => {
    await say_(880003, "good morning");
    await say_(880003, "help");
    // Turns run in order: when the second message's answer is out, the first one's turn is over.
    expect(await waitForTexts(880003, 1)).toEqual(["Help is on its way"]);
  });
});

describe("a bot created on its credentials", () => {
  it("answers its channel when POST /v1/bots names the credentials (no update needed)", async () => {
    const ownId = await h.credentials("telegram");
    const created = await h.api.post("/v1/bots", {
      workspaceId: h.workspaceId,
      bot: {
        ...buildBot({
          groups: [{ id: "g-1", blocks: [say("b-made", "Made with its credentials")] }],
          settings: { typingEmulation: { enabled: false }, chatApp: { isEnabled: true } },
        }),
        chatAppCredentialsId: ownId,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.bot.chatAppCredentialsId).toBe(ownId);
    expect((await h.api.post(`/v1/bots/${created.body.bot.id}/publish`)).status).toBe(200);
    await h.postTelegram(ownId, telegramMessageUpdate(++updateId, 880050, { text: "hi" }));
    expect(await waitForTexts(880050, 1)).toEqual(["Made with its credentials"]);
  });
});

describe("one contact's messages", () => {
  it("are answered in the order sent, one turn at a time", async () => {
    const chatId = 880004;
    await say_(chatId, "order first");
    await say_(chatId, "second");
    expect(await waitForTexts(chatId, 2)).toEqual(["Got order first", "Then second"]);
    const results = await h.server.ctx.store.db
      .selectFrom("answers")
      .innerJoin("results", "results.id", "answers.resultId")
      .select(["answers.blockId", "answers.content"])
      .where("results.botId", "=", orderBotId)
      .where("answers.content", "in", ["order first", "second"])
      .orderBy("answers.position")
      .execute();
    expect(results).toEqual([
      { blockId: "b-a", content: "order first" },
      { blockId: "b-b", content: "second" },
    ]);
  });

  it("drop a duplicate delivery of the same message id", async () => {
    const chatId = 880005;
    const update = telegramMessageUpdate(++updateId, chatId, { text: "order once" });
    expect((await h.postTelegram(telegramId, update)).status).toBe(200);
    expect((await h.postTelegram(telegramId, update)).status).toBe(200);
    await say_(chatId, "after");
    expect(await waitForTexts(chatId, 2)).toEqual(["Got order once", "Then after"]);
  });

  it("drop a message sent more than 3 minutes ago", async () => {
    const chatId = 880006;
    const stale = telegramMessageUpdate(++updateId, chatId, { text: "order stale" });
    stale.message.date -= 4 * 60;
    expect((await h.postTelegram(telegramId, stale)).status).toBe(200);
    await say_(chatId, "order fresh");
    expect(await waitForTexts(chatId, 1)).toEqual(["Got order fresh"]);
  });

  it("start over once the session expired", async () => {
    const chatId = 880007;
    await say_(chatId, "order one");
    expect(await waitForTexts(chatId, 1)).toEqual(["Got order one"]);
    const contact = await h.server.ctx.store.db
      .selectFrom("channelContacts")
      .select("sessionId")
      .where("contactId", "=", String(chatId))
      .executeTakeFirstOrThrow();
    await h.server.ctx.store.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", contact.sessionId!)
      .execute();
    await say_(chatId, "order two");
    // Not "Then order two": the expired chat is over, a new one starts (and checks the condition again).
    expect(await waitForTexts(chatId, 2)).toEqual(["Got order one", "Got order two"]);
  });
});

describe("sending", () => {
  it("retries a send answered 429, and logs an app error on the result without losing the answer", async () => {
    const contact = "15559990001";
    const post = (id: string, text: string) =>
      h.postWhatsApp(
        whatsappId,
        whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, { id, type: "text", text: { body: text } }),
      );
    const sent = (call: { path: string; body: any }) =>
      call.path === `/wa/${WHATSAPP.phoneNumberId}/messages` && call.body?.to === contact;
    h.fakes.failNext(429, 2);
    await post("wamid.r1", "hello");
    const attempts = await h.fakes.waitForCalls((call) => sent(call) && call.status === 200);
    expect(attempts[0]!.body.text).toEqual({ body: "Hi there" });
    // Two refusals, then the third attempt of the same message went through.
    expect(h.fakes.calls.filter(sent).map((call) => [call.status, call.body.text?.body])).toEqual([
      [429, "Hi there"],
      [429, "Hi there"],
      [200, "Hi there"],
    ]);

    h.fakes.failNext(400, 1);
    await post("wamid.r2", "Alan");
    const logsOfAlan = () =>
      h.server.ctx.store.db
        .selectFrom("answers")
        .innerJoin("logs", "logs.resultId", "answers.resultId")
        .select(["answers.content", "logs.status", "logs.description", "logs.context"])
        .where("answers.blockId", "=", "b-name")
        .where("answers.content", "=", "Alan")
        .execute();
    await h.fakes.waitUntil(async () => (await logsOfAlan()).length > 0);
    // A 400 is not retried: the answer is stored, the refusal logged on the result.
    expect(await logsOfAlan()).toEqual([
      {
        content: "Alan",
        status: "error",
        description: "WhatsApp refused the message: Refused by the fake (400) (code 400)",
        context: "Sending to whatsapp",
      },
    ]);
    expect(h.fakes.calls.filter(sent).at(-1)).toMatchObject({ status: 400, body: { text: { body: "Bye" } } });
  });
});
