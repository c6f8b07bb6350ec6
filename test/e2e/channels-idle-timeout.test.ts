import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramMessageUpdate, whatsAppWebhookBody } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM, WHATSAPP } from "../helpers/channel-harness.js";
import { edge, say } from "../helpers/bot-builder.js";

// The server fires a messaging-app contact's idle timeout itself: the contact has no client to.
let h: ChannelHarness;
let telegramId: string;
let whatsappId: string;
let quickBotId: string;
beforeAll(async () => {
  h = await createChannelHarness({ PARLEY_IDLE_POLL_MS: "100" });
  telegramId = await h.credentials("telegram");
  whatsappId = await h.credentials("whatsapp");
  const quickBot = (seconds: number) => ({
    variables: [{ id: "v-name", name: "name" }],
    groups: [
      {
        id: "g-ask",
        blocks: [
          say("b-ask", "Your name?"),
          {
            id: "q-name",
            type: "text input",
            options: { variableId: "v-name", idleTimeout: { seconds, outgoingEdgeId: "e-idle" } },
          },
          say("b-hi", "Hi {{name}}"),
        ],
      },
      {
        id: "g-idle",
        blocks: [
          say("b-still", "Are you still there?"),
          {
            id: "q-again",
            type: "text input",
            options: { variableId: "v-name", idleTimeout: { seconds: 1, outgoingEdgeId: "e-bye" } },
          },
          say("b-late", "Welcome back {{name}}"),
        ],
      },
      { id: "g-bye", blocks: [say("b-bye", "Bye for now")] },
    ],
    edges: [
      { ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } },
      { ...edge("e-bye", "g-bye"), from: { blockId: "q-again" } },
    ],
  });
  quickBotId = await h.publishBot(telegramId, quickBot(1));
  // The WhatsApp bot waits a minute first: long enough to answer in time on any machine.
  await h.publishBot(whatsappId, quickBot(60));
});
afterAll(() => h.close());

const tgBot = `/tg/bot${TELEGRAM.botToken}`;
const telegramTexts = (chatId: number) =>
  h.fakes.calls
    .filter((call) => call.path === `${tgBot}/sendMessage` && call.body?.chat_id === chatId)
    .map((call) => call.body.text as string);
const toTelegram = (chatId: number) => (call: { path: string; body: any }) =>
  call.path === `${tgBot}/sendMessage` && call.body?.chat_id === chatId;
const toWhatsApp = (to: string) => (call: { path: string; body: any }) =>
  call.path === `/wa/${WHATSAPP.phoneNumberId}/messages` && call.body?.to === to && call.body?.type === "text";
const whatsAppTexts = (to: string) => h.fakes.calls.filter(toWhatsApp(to)).map((call) => call.body.text.body as string);

const scheduled = () =>
  h.server.ctx.store.db.selectFrom("idleTimeouts").select(["sessionId", "blockId", "contactId"]).execute();
const resultLogs = async (botId: string) =>
  h.server.ctx.store.db
    .selectFrom("logs")
    .innerJoin("results", "results.id", "logs.resultId")
    .select(["logs.status", "logs.description", "logs.details"])
    .where("results.botId", "=", botId)
    .orderBy("logs.createdAt")
    .execute();

describe("idle timeouts on messaging apps", () => {
  it("sends the idle path by itself, twice in a row, and logs each on the result", async () => {
    const chatId = 881001;
    await h.postTelegram(telegramId, telegramMessageUpdate(1, chatId, { text: "hi" }));
    await h.fakes.waitForCalls(toTelegram(chatId), 1);
    // Nobody answers: after a second the server sends the idle path, which waits again and then says bye.
    await h.fakes.waitForCalls(toTelegram(chatId), 3);
    expect(telegramTexts(chatId)).toEqual(["Your name?", "Are you still there?", "Bye for now"]);
    await h.fakes.waitUntil(async () => (await scheduled()).length === 0);
    expect(
      (await resultLogs(quickBotId)).map(({ status, description, details }) => [status, description, details]),
    ).toEqual([
      ["info", "No answer within 1 s", "q-name"],
      ["info", "No answer within 1 s", "q-again"],
    ]);
    // The chat ended on the idle path: the contact's next message starts the bot again.
    await h.postTelegram(telegramId, telegramMessageUpdate(2, chatId, { text: "hello?" }));
    await h.fakes.waitForCalls(toTelegram(chatId), 4);
    expect(telegramTexts(chatId)[3]).toBe("Your name?");
  });

  it("cancels the timeout when the contact answers in time, and a stale one fires nothing", async () => {
    const contact = "15550004242";
    const send = (id: string, text: string) =>
      h.postWhatsApp(
        whatsappId,
        whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, { id, type: "text", text: { body: text } }),
      );
    await send("wamid.idle-1", "hi");
    await h.fakes.waitForCalls(toWhatsApp(contact), 1);
    // Stored right after the reply went out.
    const mine = async () => (await scheduled()).filter((row) => row.contactId === contact);
    await h.fakes.waitUntil(async () => (await mine()).length > 0);
    const waiting = await scheduled();
    expect(waiting.filter((row) => row.contactId === contact).map((row) => row.blockId)).toEqual(["q-name"]);
    const sessionId = waiting.find((row) => row.contactId === contact)!.sessionId;
    const stored = await h.server.ctx.store.db
      .selectFrom("idleTimeouts")
      .selectAll()
      .where("sessionId", "=", sessionId)
      .executeTakeFirstOrThrow();

    await send("wamid.idle-2", "Ada");
    await h.fakes.waitForCalls(toWhatsApp(contact), 2);
    expect(whatsAppTexts(contact)).toEqual(["Your name?", "Hi Ada"]);
    await h.fakes.waitUntil(async () => (await mine()).length === 0);

    // As if the answer's turn had been saved but the timeout not cancelled (a crash between the two):
    // the old deadline comes due, and the fire finds the session no longer waiting there.
    await h.server.ctx.store.db
      .insertInto("idleTimeouts")
      .values({ ...stored, dueAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await h.fakes.waitUntil(async () => (await scheduled()).length === 0);
    expect(whatsAppTexts(contact)).toEqual(["Your name?", "Hi Ada"]);
  });
});
