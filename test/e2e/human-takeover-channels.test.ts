import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramMessageUpdate, whatsAppWebhookBody } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM, WHATSAPP } from "../helpers/channel-harness.js";
import { say } from "../helpers/bot-builder.js";
import { webhookReceiver } from "../helpers/webhook-receiver.js";

/**
 * Human takeover on WhatsApp and Telegram, over the local fakes of both apps (real HTTP): the waiting
 * message, the joined notice, the operator's messages, the contact's answers kept in the Inbox, the
 * hand back and the flow going on; and the `chat.handoff` webhook event. Runs on the embedded database,
 * and on PostgreSQL with DATABASE_URL set.
 */
let h: ChannelHarness;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let inbox: string;

const takeoverBot = (displayOperatorName: boolean) => ({
  variables: [{ id: "v-answer", name: "Answer" }],
  groups: [
    {
      id: "g1",
      blocks: [
        say("t-hi", "Let me find a person"),
        {
          id: "handoff",
          type: "hand off",
          options: {
            waitingMessage: "Someone will be with you shortly",
            teamNote: "Refund question",
            displayOperatorName,
          },
        },
        say("t-back", "Anything else?"),
        { id: "ask", type: "text input", options: { variableId: "v-answer" } },
        say("t-bye", "Noted: {{Answer}}"),
      ],
    },
  ],
});

beforeAll(async () => {
  receiver = await webhookReceiver();
  h = await createChannelHarness({ PARLEY_OUTBOX_POLL_MS: "100", PARLEY_IDLE_POLL_MS: "200" });
  inbox = `/v1/workspaces/${h.workspaceId}/inbox`;
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

/** The workspace's open chat of a bot, once its hand-off is saved. */
async function chatOf(botId: string) {
  let chat: any;
  await h.fakes.waitUntil(async () => {
    const listed = await h.api.get(inbox);
    chat = listed.body.chats.find((entry: { botId: string }) => entry.botId === botId);
    return chat !== undefined;
  });
  return chat;
}

describe("human takeover on WhatsApp", () => {
  const contact = "15557654321";
  const sentTo = (call: { path: string; body: any }) =>
    call.path === `/wa/${WHATSAPP.phoneNumberId}/messages` && call.body?.to === contact;
  const texts = async (count: number) =>
    (await h.fakes.waitForCalls(sentTo, count)).map((call) => call.body.text?.body ?? call.body.type);
  const send = (id: string, body: string) =>
    h.postWhatsApp(
      credentialsId,
      whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, { id, type: "text", text: { body } }),
    );
  let credentialsId: string;

  it("sends the waiting message, the joined notice and the operator's words; hands back to the flow", async () => {
    credentialsId = await h.credentials("whatsapp");
    const botId = await h.publishBot(credentialsId, takeoverBot(true));
    const hook = await h.api.post(`/v1/bots/${botId}/webhooks`, {
      url: receiver.url("/handoffs"),
      events: ["chat.handoff"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);

    expect((await send("wamid.h1", "I want a refund")).status).toBe(200);
    expect(await texts(2)).toEqual(["Let me find a person", "Someone will be with you shortly"]);
    const chat = await chatOf(botId);
    expect(chat).toMatchObject({ status: "waiting", channel: "whatsapp", teamNote: "Refund question" });

    // The team is paged through the webhook, with a link to the chat in the Inbox.
    await expect.poll(() => receiver.at("/handoffs").length, { timeout: 10_000 }).toBe(1);
    const event = receiver.at("/handoffs")[0]!.json;
    expect(event.type).toBe("chat.handoff");
    expect(event.data).toEqual({
      workspaceId: h.workspaceId,
      botId,
      handoffId: chat.id,
      resultId: chat.resultId,
      channel: "whatsapp",
      teamNote: "Refund question",
      inboxUrl: `${new URL(h.server.baseUrl).origin}/inbox?workspace=${h.workspaceId}&chat=${chat.id}`,
    });

    const taken = await h.api.post(`${inbox}/${chat.id}/take`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const name = taken.body.chat.operator.name as string;
    expect((await texts(3))[2]).toBe(`${name} joined the chat`);

    const reply = await h.api.post(`${inbox}/${chat.id}/messages`, { text: "Hi, I'm here to help" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await texts(4))[3]).toBe("Hi, I'm here to help");
    expect((await h.api.post(`${inbox}/${chat.id}/notes`, { text: "Refundable" })).status).toBe(200);

    // The contact's answer goes to the Inbox, not the flow: nothing is sent back.
    expect((await send("wamid.h2", "My order never came")).status).toBe(200);
    await h.fakes.waitUntil(async () => {
      const detail = await h.api.get(`${inbox}/${chat.id}`);
      return detail.body.messages.some((message: { author: string }) => message.author === "visitor");
    });
    const detail = await h.api.get(`${inbox}/${chat.id}`);
    expect(detail.body.messages.map((m: any) => [m.author, m.authorName, m.text])).toEqual([
      ["operator", name, "Hi, I'm here to help"],
      ["note", name, "Refundable"],
      ["visitor", null, "My order never came"],
    ]);

    const back = await h.api.post(`${inbox}/${chat.id}/handBack`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await texts(6)).slice(4)).toEqual(["You're back with the bot", "Anything else?"]);

    // The flow has the chat again: the contact's next message answers its question.
    expect((await send("wamid.h3", "No, thanks")).status).toBe(200);
    expect((await texts(7))[6]).toBe("Noted: No, thanks");
    // The note never reached the contact.
    expect(h.fakes.calls.filter(sentTo).some((call) => call.body.text?.body === "Refundable")).toBe(false);
  });
});

describe("human takeover on Telegram", () => {
  const chatId = 880011;
  const sentTo = (call: { path: string; body: any }) =>
    call.path === `/tg/bot${TELEGRAM.botToken}/sendMessage` && call.body?.chat_id === chatId;
  const texts = async (count: number) =>
    (await h.fakes.waitForCalls(sentTo, count)).map((call) => call.body.text as string);
  let update = 9100;
  const send = (text: string) => h.postTelegram(credentialsId, telegramMessageUpdate(update++, chatId, { text }));
  let credentialsId: string;

  it("says a person joined without their name, relays both ways and hands back", async () => {
    credentialsId = await h.credentials("telegram");
    const botId = await h.publishBot(credentialsId, takeoverBot(false));

    expect((await send("Help")).status).toBe(200);
    expect(await texts(2)).toEqual(["Let me find a person", "Someone will be with you shortly"]);
    const chat = await chatOf(botId);
    expect(chat).toMatchObject({ status: "waiting", channel: "telegram" });

    expect((await h.api.post(`${inbox}/${chat.id}/take`)).status).toBe(200);
    expect((await texts(3))[2]).toBe("A person joined the chat");
    const reply = await h.api.post(`${inbox}/${chat.id}/messages`, {
      text: "Here is the form",
      fileUrl: "https://example.com/form.pdf",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await texts(5)).slice(3)).toEqual(["Here is the form", "https://example.com/form.pdf"]);

    expect((await send("Thanks, filled in")).status).toBe(200);
    await h.fakes.waitUntil(async () => {
      const detail = await h.api.get(`${inbox}/${chat.id}`);
      return detail.body.messages.some((message: { author: string }) => message.author === "visitor");
    });

    expect((await h.api.post(`${inbox}/${chat.id}/handBack`, {})).status).toBe(200);
    expect((await texts(7)).slice(5)).toEqual(["You're back with the bot", "Anything else?"]);
    expect((await send("All good")).status).toBe(200);
    expect((await texts(8))[7]).toBe("Noted: All good");
  });

  it("sends the no-operator exit's messages when nobody takes the chat in time", async () => {
    const lonelyChat = 880022;
    const toLonely = (call: { path: string; body: any }) =>
      call.path === `/tg/bot${TELEGRAM.botToken}/sendMessage` && call.body?.chat_id === lonelyChat;
    const lonelyCredentials = await h.credentials("telegram");
    const botId = await h.publishBot(lonelyCredentials, {
      groups: [
        {
          id: "g1",
          blocks: [
            {
              id: "handoff",
              type: "hand off",
              options: { waitingMessage: "Looking for someone", timeoutSeconds: 1, noOperatorEdgeId: "e-nobody" },
            },
          ],
        },
        { id: "g-nobody", blocks: [say("t-nobody", "Nobody is free right now, we will write back")] },
      ],
      edges: [{ id: "e-nobody", from: { blockId: "handoff" }, to: { groupId: "g-nobody" } }],
    });
    await h.postTelegram(lonelyCredentials, telegramMessageUpdate(9500, lonelyChat, { text: "Hello?" }));
    const sent = await h.fakes.waitForCalls(toLonely, 2);
    expect(sent.map((call) => call.body.text)).toEqual([
      "Looking for someone",
      "Nobody is free right now, we will write back",
    ]);
    const listed = await h.api.get(inbox);
    expect(listed.body.chats.some((entry: { botId: string }) => entry.botId === botId)).toBe(false);
  });
});
