import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_MEDIA_BYTES, whatsAppWebhookBody } from "../helpers/channel-fakes.js";
import { type ChannelHarness, createChannelHarness, WHATSAPP } from "../helpers/channel-harness.js";
import { edge, say } from "../helpers/bot-builder.js";

let h: ChannelHarness;
let credentialsId: string;
let botId: string;
beforeAll(async () => {
  h = await createChannelHarness();
  credentialsId = await h.credentials("whatsapp");
  botId = await h.publishBot(credentialsId, {
    variables: [
      { id: "v-name", name: "name" },
      { id: "v-env", name: "env" },
      { id: "v-phone", name: "phone" },
    ],
    groups: [
      {
        id: "g-hello",
        blocks: [
          say("b-hello", "Hello! What's your name?"),
          { id: "b-name", type: "text input", options: { variableId: "v-name" }, outgoingEdgeId: "e-plan" },
        ],
      },
      {
        id: "g-plan",
        blocks: [
          say("b-plan", "Nice to meet you {{name}}. Pick a plan"),
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
          { id: "b-phone", type: "Set variable", options: { variableId: "v-phone", type: "Phone number" } },
          say("b-thanks", "Thanks {{name}}, on {{env}} as {{phone}}"),
        ],
      },
    ],
    edges: [edge("e-plan", "g-plan"), edge("e-pro", "g-pro"), edge("e-end", "g-end")],
  });
});
afterAll(() => h.close());

const sentTo = (to: string) => (call: { path: string; body: any }) =>
  call.path === `/wa/${WHATSAPP.phoneNumberId}/messages` && call.body?.to === to;

describe("a whole conversation on WhatsApp", () => {
  it("greets, offers buttons, sends the image, takes a file and stores every answer", async () => {
    const contact = "15551234567";
    const first = await h.postWhatsApp(
      credentialsId,
      whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, { id: "wamid.1", type: "text", text: { body: "hi" } }),
    );
    expect(first).toMatchObject({ status: 200, body: { message: "Message received" } });
    const [greeting] = await h.fakes.waitForCalls(sentTo(contact));
    expect(greeting!.authorization).toBe(`Bearer ${WHATSAPP.accessToken}`);
    expect(greeting!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: contact,
      type: "text",
      text: { body: "Hello! What's your name?" },
    });

    await h.postWhatsApp(
      credentialsId,
      whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, { id: "wamid.2", type: "text", text: { body: "Ada" } }),
    );
    const calls = await h.fakes.waitForCalls(sentTo(contact), 2);
    const question = calls[1]!.body;
    // The text right before the question becomes its body; the buttons carry Parley's short keys.
    expect(question.type).toBe("interactive");
    expect(question.interactive.type).toBe("button");
    expect(question.interactive.body).toEqual({ text: "Nice to meet you Ada. Pick a plan" });
    const buttons = question.interactive.action.buttons as { reply: { id: string; title: string } }[];
    expect(buttons.map((button) => button.reply.title)).toEqual(["Basic", "Pro"]);

    await h.postWhatsApp(
      credentialsId,
      whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, {
        id: "wamid.3",
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: buttons[1]!.reply.id, title: "Pro" } },
      }),
    );
    const afterChoice = await h.fakes.waitForCalls(sentTo(contact), 4);
    expect(afterChoice[2]!.body).toMatchObject({ type: "image", image: { link: "https://example.com/pro.png" } });
    expect(afterChoice[3]!.body).toMatchObject({ type: "text", text: { body: "Send me your document" } });

    await h.postWhatsApp(
      credentialsId,
      whatsAppWebhookBody(WHATSAPP.phoneNumberId, contact, {
        id: "wamid.4",
        type: "document",
        document: { id: "media-77", filename: "report.pdf", mime_type: "application/pdf" },
      }),
    );
    const end = await h.fakes.waitForCalls(sentTo(contact), 5);
    expect(end[4]!.body.text).toEqual({ body: `Thanks Ada, on whatsapp as ${contact}` });
    // The file was fetched through the media API with the access token.
    expect(h.fakes.calls.some((call) => call.method === "GET" && call.path === "/wa/media-77")).toBe(true);

    const answers = await h.server.ctx.store.db
      .selectFrom("answers")
      .innerJoin("results", "results.id", "answers.resultId")
      .select(["answers.blockId", "answers.content"])
      .where("results.botId", "=", botId)
      .orderBy("answers.position")
      .execute();
    expect(answers.map((answer) => [answer.blockId, answer.content.replace(/\/files\/[^/]+\//, "/files/…/")])).toEqual([
      ["b-name", "Ada"],
      ["b-choice", "Pro"],
      ["b-file", `${h.server.url}/files/…/report.pdf`],
    ]);
    const download = await fetch(answers[2]!.content);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(FAKE_MEDIA_BYTES);
  });
});

describe("the webhook's checks", () => {
  it("answers Meta's handshake with the challenge, and refuses a wrong verify token", async () => {
    const path = h.webhookPath(credentialsId);
    const ok = await h.api.get(
      `${path}?hub.mode=subscribe&hub.verify_token=${WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok).toMatchObject({ status: 200, body: 1158201444 });
    const wrong = await h.api.get(`${path}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Wrong verify token" },
    });
  });

  it("refuses a wrong or missing signature with 401 and processes nothing", async () => {
    const body = whatsAppWebhookBody(WHATSAPP.phoneNumberId, "15550000009", {
      id: "wamid.forged",
      type: "text",
      text: { body: "hi" },
    });
    const forged = await h.postWhatsApp(credentialsId, body, "sha256=" + "0".repeat(64));
    expect(forged).toMatchObject({
      status: 401,
      body: { code: "WEBHOOK_SIGNATURE_INVALID", message: "Missing or wrong X-Hub-Signature-256" },
    });
    const unsigned = await h.postWhatsApp(credentialsId, body, "");
    expect(unsigned.status).toBe(401);
    const kept = await h.server.ctx.store.db
      .selectFrom("channelInbox")
      .select("messageId")
      .where("messageId", "=", "wamid.forged")
      .execute();
    expect(kept).toEqual([]);
  });

  it("answers 404 for credentials of another workspace or of another type", async () => {
    const other = await h.server.createUser();
    const response = await h.postWhatsApp(credentialsId, {}, undefined);
    expect(response.status).toBe(400);
    const foreign = await h.api.post(`/v1/workspaces/${other.workspaceId}/channels/${credentialsId}/webhook`, {});
    expect(foreign).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  it("connect returns the webhook URL and verify token to paste into Meta's dashboard", async () => {
    const connected = await h.api.post(`/v1/workspaces/${h.workspaceId}/channels/${credentialsId}/connect`);
    expect(connected).toMatchObject({
      status: 200,
      body: {
        channel: "whatsapp",
        registered: false,
        verifyToken: WHATSAPP.verifyToken,
        webhookUrl: `${h.server.url}/api${h.webhookPath(credentialsId)}`,
      },
    });
  });
});
