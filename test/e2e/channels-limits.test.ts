import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppCall, telegramMessageUpdate, whatsAppSignature } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM, WHATSAPP } from "../helpers/channel-harness.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";

// Issue 31 item 5: one signed webhook call cannot start thousands of contact turns at once, turns
// run a few at a time (per instance and per workspace), and an idle path that loops stops sending.
let h: ChannelHarness;
let whatsappId: string;
let telegramId: string;
let loopBotId: string;
/** A second workspace with its own WhatsApp credentials and bot, on the same server. */
let other: { workspaceId: string; credentialsId: string };

const greeter = () => ({
  variables: [{ id: "v-name", name: "name" }],
  groups: [
    {
      id: "g-ask",
      blocks: [say("b-ask", "Your name?"), { id: "q-name", type: "text input", options: { variableId: "v-name" } }],
    },
  ],
});

beforeAll(async () => {
  h = await createChannelHarness({
    PARLEY_IDLE_POLL_MS: "100",
    PARLEY_CHANNEL_TURNS_AT_ONCE: "3",
    PARLEY_CHANNEL_TURNS_PER_WORKSPACE: "2",
    PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER: "2",
  });
  whatsappId = await h.credentials("whatsapp");
  telegramId = await h.credentials("telegram");
  await h.publishBot(whatsappId, greeter());
  // Its idle path leads back to an input whose idle path leads to itself: it would never stop.
  loopBotId = await h.publishBot(telegramId, {
    variables: [{ id: "v-name", name: "name" }],
    groups: [
      {
        id: "g-ask",
        blocks: [
          say("b-ask", "Your name?"),
          {
            id: "q-name",
            type: "text input",
            options: { variableId: "v-name", idleTimeout: { seconds: 1, outgoingEdgeId: "e-idle" } },
          },
        ],
      },
      {
        id: "g-idle",
        blocks: [
          say("b-still", "Still there?"),
          {
            id: "q-again",
            type: "text input",
            options: { variableId: "v-name", idleTimeout: { seconds: 1, outgoingEdgeId: "e-loop" } },
          },
          say("b-back", "Welcome back {{name}}"),
        ],
      },
    ],
    edges: [
      { ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } },
      { ...edge("e-loop", "g-idle"), from: { blockId: "q-again" } },
    ],
  });

  const user = await h.server.createUser();
  const api = createClient(h.server.baseUrl, user.token);
  const created = await api.post(`/v1/workspaces/${user.workspaceId}/credentials`, {
    type: "whatsapp",
    name: "whatsapp",
    data: WHATSAPP,
  });
  const credentialsId = created.body.credentials.id as string;
  const bot = buildBot({
    ...greeter(),
    settings: { typingEmulation: { enabled: false }, chatApp: { isEnabled: true } },
  }) as Record<string, unknown>;
  const botId = (await api.post("/v1/bots", { workspaceId: user.workspaceId, bot })).body.bot.id as string;
  expect((await api.patch(`/v1/bots/${botId}`, { bot: { chatAppCredentialsId: credentialsId } })).status).toBe(200);
  expect((await api.post(`/v1/bots/${botId}/publish`)).status).toBe(200);
  other = { workspaceId: user.workspaceId, credentialsId };
});
afterAll(() => h.close());

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** One WhatsApp call carrying a message from each contact, in `changes` changes of one entry. */
function manyMessages(contacts: string[], changes = 1) {
  const perChange = Math.ceil(contacts.length / changes);
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-1",
        changes: Array.from({ length: changes }, (_, c) => {
          const mine = contacts.slice(c * perChange, (c + 1) * perChange);
          return {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { phone_number_id: WHATSAPP.phoneNumberId },
              contacts: mine.map((from) => ({ profile: { name: "Ada" }, wa_id: from })),
              messages: mine.map((from, i) => ({
                from,
                id: `wamid.${from}.${i}`,
                timestamp: nowSeconds(),
                type: "text",
                text: { body: "hi" },
              })),
            },
          };
        }),
      },
    ],
  };
}

async function postSigned(workspaceId: string, credentialsId: string, body: unknown) {
  const text = JSON.stringify(body);
  const response = await fetch(`${h.server.baseUrl}/v1/workspaces/${workspaceId}/channels/${credentialsId}/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": whatsAppSignature(WHATSAPP.appSecret, text) },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const sendsTo = (prefix: string) => (call: AppCall) =>
  call.path === `/wa/${WHATSAPP.phoneNumberId}/messages` && String(call.body?.to).startsWith(prefix);

/** The most calls that were under way at the same moment. */
function mostAtOnce(calls: AppCall[]): number {
  const moments = calls.flatMap((call) => [
    { at: call.receivedAt, step: 1 },
    { at: call.answeredAt ?? Number.POSITIVE_INFINITY, step: -1 },
  ]);
  moments.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const { step } of moments) {
    now += step;
    most = Math.max(most, now);
  }
  return most;
}

describe("messaging-app webhook calls and the turns they start", () => {
  it("refuses a signed call with more messages than PARLEY_CHANNEL_MAX_MESSAGES_PER_REQUEST (413), keeping none", async () => {
    const contacts = Array.from({ length: 500 }, (_, i) => `1555900${String(i).padStart(4, "0")}`);
    const refused = await postSigned(h.workspaceId, whatsappId, manyMessages(contacts));
    expect(refused).toEqual({
      status: 413,
      body: {
        code: "PAYLOAD_TOO_LARGE",
        message: "The webhook call carries 500 messages; at most 100 are taken per call",
      },
    });
    const kept = await h.server.ctx.store.db
      .selectFrom("channelInbox")
      .select("messageId")
      .where("contactId", "like", "1555900%")
      .execute();
    expect(kept).toEqual([]);
    expect((await fetch(`${h.server.baseUrl}/health`)).status).toBe(200);
    // Spread over many entries, each small, it is refused by the body's shape (400).
    const entries = manyMessages(contacts.slice(0, 1));
    const wide = { ...entries, entry: Array.from({ length: 101 }, () => entries.entry[0]) };
    const shape = await postSigned(h.workspaceId, whatsappId, wide);
    expect(shape.status).toBe(400);
    expect(shape.body.code).toBe("BAD_REQUEST");
    expect(shape.body.issues[0].path).toBe("entry");
    expect(h.fakes.calls.filter(sendsTo("1555900"))).toEqual([]);
  });

  it("runs at most PARLEY_CHANNEL_TURNS_AT_ONCE contact turns at once, and PARLEY_CHANNEL_TURNS_PER_WORKSPACE per workspace", async () => {
    h.fakes.delayAnswers(150);
    try {
      const mine = Array.from({ length: 20 }, (_, i) => `1555700${String(i).padStart(4, "0")}`);
      const theirs = Array.from({ length: 20 }, (_, i) => `1555800${String(i).padStart(4, "0")}`);
      const [first, second] = await Promise.all([
        postSigned(h.workspaceId, whatsappId, manyMessages(mine, 4)),
        postSigned(other.workspaceId, other.credentialsId, manyMessages(theirs, 4)),
      ]);
      expect(first).toEqual({ status: 200, body: { message: "Message received" } });
      expect(second).toEqual({ status: 200, body: { message: "Message received" } });
      // Every contact is answered in the end.
      const mineSent = await h.fakes.waitForCalls(sendsTo("1555700"), 20);
      const theirsSent = await h.fakes.waitForCalls(sendsTo("1555800"), 20);
      await h.fakes.waitUntil(async () => [...mineSent, ...theirsSent].every((call) => call.answeredAt));
      expect(new Set(mineSent.map((call) => call.body.to)).size).toBe(20);
      expect(new Set(theirsSent.map((call) => call.body.text.body)).size).toBe(1);
      expect(mostAtOnce(mineSent)).toBeLessThanOrEqual(2);
      expect(mostAtOnce(theirsSent)).toBeLessThanOrEqual(2);
      const all = mostAtOnce([...mineSent, ...theirsSent]);
      expect(all).toBeLessThanOrEqual(3);
      // Turns did overlap: the bound is what held them, not a queue of one.
      expect(all).toBeGreaterThanOrEqual(2);
    } finally {
      h.fakes.delayAnswers(0);
    }
  });
});

describe("an idle path that loops", () => {
  const tgBot = `/tg/bot${TELEGRAM.botToken}`;
  const texts = (chatId: number) =>
    h.fakes.calls
      .filter((call) => call.path === `${tgBot}/sendMessage` && call.body?.chat_id === chatId)
      .map((call) => call.body.text as string);
  const scheduledFor = async (chatId: number) =>
    (
      await h.server.ctx.store.db
        .selectFrom("idleTimeouts")
        .select("firesWithoutAnswer")
        .where("contactId", "=", String(chatId))
        .execute()
    ).map((row) => row.firesWithoutAnswer);

  it("stops after PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER runs without an answer, and starts again after one", async () => {
    const chatId = 991001;
    await h.postTelegram(telegramId, telegramMessageUpdate(1, chatId, { text: "hi" }));
    await h.fakes.waitUntil(async () => texts(chatId).length >= 3);
    await h.fakes.waitUntil(async () => (await scheduledFor(chatId)).length === 0);
    // Three idle timeouts' worth later, nothing more was sent.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(texts(chatId)).toEqual(["Your name?", "Still there?", "Still there?"]);
    const logs = await h.server.ctx.store.db
      .selectFrom("logs")
      .innerJoin("results", "results.id", "logs.resultId")
      .select(["logs.description", "logs.details"])
      .where("results.botId", "=", loopBotId)
      .where("logs.context", "=", "Messaging app")
      .execute();
    expect(logs).toEqual([
      {
        description:
          "The idle path ran 2 times in a row without an answer: the chat now waits for the contact's next message",
        details: "q-again",
      },
    ]);
    // The contact answers: the chat goes on, and its next idle timeout fires again.
    await h.postTelegram(telegramId, telegramMessageUpdate(2, chatId, { text: "Ada" }));
    await h.fakes.waitUntil(async () => texts(chatId).length >= 4);
    expect(texts(chatId)[3]).toBe("Welcome back Ada");
  });
});
