import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_MEDIA_BYTES, telegramMessageUpdate } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM } from "../helpers/channel-harness.js";
import { edge, say } from "../helpers/bot-builder.js";

let h: ChannelHarness;
let credentialsId: string;
let botId: string;
beforeAll(async () => {
  h = await createChannelHarness();
  credentialsId = await h.credentials("telegram");
  botId = await h.publishBot(credentialsId, {
    variables: [
      { id: "v-name", name: "name" },
      { id: "v-env", name: "env" },
    ],
    groups: [
      {
        id: "g-hello",
        blocks: [
          {
            id: "b-hello",
            type: "text",
            content: {
              richText: [
                { type: "p", children: [{ text: "Hello " }, { text: "<friend> & co", bold: true }, { text: "!" }] },
              ],
            },
          },
          say("b-ask-name", "What's your name?"),
          { id: "b-name", type: "text input", options: { variableId: "v-name" }, outgoingEdgeId: "e-plan" },
        ],
      },
      {
        id: "g-plan",
        blocks: [
          say("b-plan", "Pick a plan, {{name}}"),
          {
            id: "b-choice",
            type: "choice input",
            items: [
              { id: "i-basic", content: "Basic" },
              { id: "i-pro", content: "Pro", outgoingEdgeId: "e-pro" },
            ],
          },
        ],
      },
      {
        id: "g-pro",
        blocks: [
          { id: "b-cat", type: "image", content: { url: "https://example.com/pro.png" } },
          say("b-ask-file", "Send me your document"),
          { id: "b-file", type: "file input", outgoingEdgeId: "e-end" },
        ],
      },
      {
        id: "g-end",
        blocks: [
          { id: "b-env", type: "Set variable", options: { variableId: "v-env", type: "Environment name" } },
          say("b-thanks", "Thanks {{name}}, on {{env}}"),
        ],
      },
    ],
    edges: [edge("e-plan", "g-plan"), edge("e-pro", "g-pro"), edge("e-end", "g-end")],
  });
});
afterAll(() => h.close());

const bot = `/tg/bot${TELEGRAM.botToken}`;
const to = (chatId: number, method?: string) => (call: { path: string; body: any }) =>
  call.path.startsWith(`${bot}/`) &&
  call.body?.chat_id === chatId &&
  (method ? call.path === `${bot}/${method}` : !call.path.endsWith("/sendChatAction"));

describe("a whole conversation on Telegram", () => {
  it("greets in escaped HTML, offers an inline keyboard, answers the tap, sends the image, takes a file", async () => {
    const chatId = 777001;
    const first = await h.postTelegram(credentialsId, telegramMessageUpdate(5001, chatId, { text: "/start" }));
    expect(first).toMatchObject({ status: 200, body: { message: "Message received" } });
    const greeting = await h.fakes.waitForCalls(to(chatId), 2);
    expect(greeting[0]!.body).toEqual({
      chat_id: chatId,
      text: "Hello <b>&lt;friend&gt; &amp; co</b>!",
      parse_mode: "HTML",
    });
    expect(greeting[1]!.body).toEqual({ chat_id: chatId, text: "What's your name?", parse_mode: "HTML" });

    await h.postTelegram(credentialsId, telegramMessageUpdate(5002, chatId, { text: "Grace" }));
    const [, , question] = await h.fakes.waitForCalls(to(chatId), 3);
    expect(question!.path).toBe(`${bot}/sendMessage`);
    expect(question!.body.text).toBe("Pick a plan, Grace");
    const keyboard = question!.body.reply_markup.inline_keyboard as { text: string; callback_data: string }[][];
    expect(keyboard.map((row) => row.map((button) => button.text))).toEqual([["Basic"], ["Pro"]]);
    for (const row of keyboard) expect(Buffer.byteLength(row[0]!.callback_data)).toBeLessThanOrEqual(64);

    await h.postTelegram(credentialsId, {
      update_id: 5003,
      callback_query: {
        id: "cbq-1",
        from: { id: chatId, first_name: "Grace" },
        message: { message_id: 9, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" } },
        data: keyboard[1]![0]!.callback_data,
      },
    });
    const answered = await h.fakes.waitForCalls((call) => call.path === `${bot}/answerCallbackQuery`);
    expect(answered[0]!.body).toEqual({ callback_query_id: "cbq-1" });
    const afterTap = await h.fakes.waitForCalls(to(chatId), 5);
    expect(afterTap[3]).toMatchObject({ path: `${bot}/sendPhoto`, body: { photo: "https://example.com/pro.png" } });
    expect(afterTap[4]!.body.text).toBe("Send me your document");

    await h.postTelegram(
      credentialsId,
      telegramMessageUpdate(5004, chatId, { document: { file_id: "file-42", file_name: "report.pdf" } }),
    );
    const end = await h.fakes.waitForCalls(to(chatId), 6);
    expect(end[5]!.body.text).toBe("Thanks Grace, on telegram");
    expect(h.fakes.calls.some((call) => call.path === `${bot}/getFile` && call.body.file_id === "file-42")).toBe(true);

    const answers = await h.server.ctx.store.db
      .selectFrom("answers")
      .innerJoin("results", "results.id", "answers.resultId")
      .select(["answers.blockId", "answers.content"])
      .where("results.botId", "=", botId)
      .orderBy("answers.position")
      .execute();
    expect(answers.slice(0, 2).map((answer) => [answer.blockId, answer.content])).toEqual([
      ["b-name", "Grace"],
      ["b-choice", "Pro"],
    ]);
    expect(answers[2]!.blockId).toBe("b-file");
    const download = await fetch(answers[2]!.content);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(FAKE_MEDIA_BYTES);
  });

  it("answers a choice typed by its number too", async () => {
    const chatId = 777002;
    await h.postTelegram(credentialsId, telegramMessageUpdate(6001, chatId, { text: "hi" }));
    await h.fakes.waitForCalls(to(chatId), 2);
    await h.postTelegram(credentialsId, telegramMessageUpdate(6002, chatId, { text: "Linus" }));
    await h.fakes.waitForCalls(to(chatId), 3);
    await h.postTelegram(credentialsId, telegramMessageUpdate(6003, chatId, { text: "2" }));
    const calls = await h.fakes.waitForCalls(to(chatId), 5);
    expect(calls[3]).toMatchObject({ path: `${bot}/sendPhoto` });
  });
});

describe("the webhook's checks and connect", () => {
  it("refuses a wrong or missing secret token with 401 and processes nothing", async () => {
    const update = telegramMessageUpdate(7001, 777003, { text: "hi" });
    const wrong = await h.postTelegram(credentialsId, update, "not-the-secret");
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Missing or wrong X-Telegram-Bot-Api-Secret-Token" },
    });
    const kept = await h.server.ctx.store.db
      .selectFrom("channelInbox")
      .select("messageId")
      .where("messageId", "=", "u7001")
      .execute();
    expect(kept).toEqual([]);
  });

  it("registers the webhook with the secret token; an app refusal is CHANNEL_CONNECT_FAILED", async () => {
    const connected = await h.api.post(`/v1/workspaces/${h.workspaceId}/channels/${credentialsId}/connect`);
    const webhookUrl = `${h.server.url}/api${h.webhookPath(credentialsId)}`;
    expect(connected).toMatchObject({ status: 200, body: { channel: "telegram", registered: true, webhookUrl } });
    const [registered] = await h.fakes.waitForCalls((call) => call.path === `${bot}/setWebhook`);
    expect(registered!.body).toMatchObject({ url: webhookUrl, secret_token: TELEGRAM.secretToken });

    h.fakes.failNext(400);
    const refused = await h.api.post(`/v1/workspaces/${h.workspaceId}/channels/${credentialsId}/connect`);
    expect(refused).toMatchObject({
      status: 400,
      body: { code: "CHANNEL_CONNECT_FAILED", message: "Telegram refused the call: Refused by the fake (400)" },
    });
  });

  it("connect needs a token: 401 without one", async () => {
    const anonymous = await fetch(
      `${h.server.baseUrl}/v1/workspaces/${h.workspaceId}/channels/${credentialsId}/connect`,
      {
        method: "POST",
      },
    );
    expect(anonymous.status).toBe(401);
  });
});
