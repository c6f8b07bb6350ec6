import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { greetingBot, richText } from "../helpers/sample-bots.js";

let server: ChatHarness["server"];
let api: ChatHarness["api"];
let chat: ChatHarness["chat"];
let workspaceId: string;
let harness: ChatHarness;

beforeAll(async () => {
  harness = await createChatHarness();
  ({ server, api, chat, workspaceId } = harness);
});
afterAll(() => harness.close());

async function publish(bot: object) {
  const created = await api.post("/v1/bots", { workspaceId, bot });
  expect(created.status).toBe(200);
  const published = await api.post(`/v1/bots/${created.body.bot.id}/publish`);
  return { botId: created.body.bot.id as string, publicId: published.body.publicId as string };
}

const results = (botId: string) =>
  server.ctx.store.db.selectFrom("results").selectAll().where("botId", "=", botId).execute();
const answers = (resultId: string) =>
  server.ctx.store.db
    .selectFrom("answers")
    .select(["blockId", "content"])
    .where("resultId", "=", resultId)
    .orderBy("position")
    .execute();

describe("public chat (operations 7 and 8)", () => {
  it("greets, asks, stores the answer and ends the chat", async () => {
    const { botId, publicId } = await publish(greetingBot());
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      messages: [
        { id: "b-hello", type: "text", content: { type: "richText", richText: richText("Hello! What is your name?") } },
      ],
      input: {
        id: "b-name",
        type: "text input",
        options: { variableId: "v-name", labels: { placeholder: "Your name" } },
      },
      bot: {
        id: botId,
        version: "6",
        theme: { general: { font: "Open Sans" } },
        settings: { general: { isBrandingEnabled: false } },
      },
    });
    expect(start.body.sessionId).toEqual(expect.any(String));
    expect(start.body.resultId).toEqual(expect.any(String));
    expect(start.body.bot.publishedAt).toEqual(expect.any(String));
    const [pending] = await results(botId);
    expect(pending).toMatchObject({ id: start.body.resultId, hasStarted: 0, isCompleted: 0 });

    const reply = await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, {
      message: { type: "text", text: "Ada" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      messages: [
        { id: "b-thanks", type: "text", content: { type: "richText", richText: richText("Nice to meet you, Ada.") } },
      ],
    });
    const [done] = await results(botId);
    expect(done).toMatchObject({ hasStarted: 1, isCompleted: 1, lastChatSessionId: start.body.sessionId });
    expect(JSON.parse(done.variables)).toEqual([{ id: "v-name", name: "Name", value: "Ada" }]);
    expect(await answers(done.id)).toEqual([{ blockId: "b-name", content: "Ada" }]);

    // The finished chat's session is gone.
    const after = await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "again" });
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ code: "SESSION_NOT_FOUND", message: "Session not found." });
  });

  it('answers 404 "Bot not found" for unknown and unpublished bots and 400 for a closed one', async () => {
    expect((await chat.post("/v1/bots/no-such-bot/startChat", {})).body).toEqual({
      code: "NOT_FOUND",
      message: "Bot not found",
    });
    const { botId, publicId } = await publish(greetingBot());
    await api.post(`/v1/bots/${botId}/unpublish`);
    expect((await chat.post(`/v1/bots/${publicId}/startChat`, {})).status).toBe(404);
    await api.post(`/v1/bots/${botId}/publish`);
    await api.patch(`/v1/bots/${botId}`, { bot: { isClosed: true } });
    const closed = await chat.post(`/v1/bots/${publicId}/startChat`, {});
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ code: "BOT_CLOSED", message: "This bot is now closed" });
  });

  it("applies prefilled variables by exact name and uses a start message as the first answer", async () => {
    const bot = greetingBot();
    bot.groups[0].blocks.shift();
    const { botId, publicId } = await publish(bot);
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, {
      message: "Grace",
      prefilledVariables: { name: "ignored" },
    });
    expect(start.body.messages).toEqual([
      { id: "b-thanks", type: "text", content: { type: "richText", richText: richText("Nice to meet you, Grace.") } },
    ]);
    expect(start.body.input).toBeUndefined();
    const [result] = await results(botId);
    expect(result.isCompleted).toBe(1);

    const prefilled = await chat.post(`/v1/bots/${publicId}/startChat`, { prefilledVariables: { Name: "Linus" } });
    expect(prefilled.body.input.prefilledValue).toBe("Linus");
  });

  it("answers in markdown when asked", async () => {
    const bot = greetingBot();
    bot.groups[0].blocks[0] = {
      id: "b-hello",
      type: "text",
      content: { richText: [{ type: "p", children: [{ text: "Hi ", bold: true } as never, { text: "there" }] }] },
    };
    const { publicId } = await publish(bot);
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, { textBubbleContentFormat: "markdown" });
    expect(start.body.messages[0]).toEqual({
      id: "b-hello",
      type: "text",
      content: { type: "markdown", markdown: "**Hi** there" },
    });
  });

  it("answers 404 for an unknown session, with and without a message", async () => {
    for (const body of [{}, { message: "hi" }]) {
      const response = await chat.post("/v1/sessions/nope/continueChat", body);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("Session not found.");
    }
  });
});

describe("preview chat (operation 6)", () => {
  it("runs the bot of the body without storing any result", async () => {
    const bot = { ...greetingBot(), id: "preview-bot", version: "6" };
    const start = await chat.post("/v1/bots/preview-bot/preview/startChat", { bot });
    expect(start.status).toBe(200);
    expect(start.body.resultId).toBeUndefined();
    expect(start.body.messages).toHaveLength(1);
    const reply = await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "Preview" });
    expect(reply.body.messages[0].content.richText).toEqual(richText("Nice to meet you, Preview."));
    const stored = await server.ctx.store.db
      .selectFrom("results")
      .select("id")
      .where("botId", "=", "preview-bot")
      .execute();
    expect(stored).toEqual([]);
    const logs = await chat.post(`/v1/sessions/${start.body.sessionId}/clientLogs`, {
      clientLogs: [{ description: "x" }],
    });
    expect(logs.status).toBe(404);
    expect(logs.body.message).toBe("Result not found.");
  });

  it("runs the stored draft for a member and answers 401 without a token", async () => {
    const created = await api.post("/v1/bots", { workspaceId, bot: greetingBot() });
    const botId = created.body.bot.id;
    expect((await chat.post(`/v1/bots/${botId}/preview/startChat`, {})).status).toBe(401);
    const preview = await api.post(`/v1/bots/${botId}/preview/startChat`, {
      startFrom: { type: "group", groupId: "g-hello" },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.input.id).toBe("b-name");
    const missing = await api.post(`/v1/bots/${botId}/preview/startChat`, {
      startFrom: { type: "group", groupId: "nope" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Start group doesn't exist");
  });

  it("answers 400 with the path of a fault in the bot of the body", async () => {
    const bot = { ...greetingBot(), version: "6" };
    (bot.groups[0].blocks[1] as { type: string }).type = "nonsense";
    const response = await chat.post("/v1/bots/x/preview/startChat", { bot });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((i: { path: string }) => i.path)).toContain("bot.groups.0.blocks.1.type");
  });
});

describe("client logs (operation 9)", () => {
  it("stores the logs on the session's result", async () => {
    const { publicId } = await publish(greetingBot());
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
    const saved = await chat.post(`/v1/sessions/${start.body.sessionId}/clientLogs`, {
      clientLogs: [{ status: "error", description: "Failed to continue", details: { status: 502 } }],
    });
    expect(saved.body).toEqual({ message: "Logs successfully saved." });
    const logs = await server.ctx.store.db
      .selectFrom("logs")
      .select(["status", "description", "details"])
      .where("resultId", "=", start.body.resultId)
      .execute();
    expect(logs).toEqual([{ status: "error", description: "Failed to continue", details: '{"status":502}' }]);
  });
});

describe("concurrency", () => {
  it("applies one of two simultaneous answers and refuses the other with 409", async () => {
    const { botId, publicId } = await publish(greetingBot());
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
    const url = `/v1/sessions/${start.body.sessionId}/continueChat`;
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => chat.post(url, { message: `Name ${i}` })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) expect([404, 409]).toContain(r.status);
    const [result] = await results(botId);
    expect(await answers(result.id)).toHaveLength(1);
  });
});

describe("allowed origins", () => {
  it("refuses other origins with 403 and answers CORS for allowed ones", async () => {
    const { publicId } = await publish({
      ...greetingBot(),
      settings: { security: { allowedOrigins: ["https://shop.example"] } },
    });
    const refused = await chat.post(`/v1/bots/${publicId}/startChat`, {}, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "ORIGIN_NOT_ALLOWED", message: "Origin not allowed" });
    const allowed = await chat.post(`/v1/bots/${publicId}/startChat`, {}, { origin: "https://shop.example" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    const preflight = await fetch(`${server.baseUrl}/v1/sessions/${allowed.body.sessionId}/continueChat`, {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "content-type, x-typebot-iframe-referrer-origin",
    );
    const continued = await chat.post(
      `/v1/sessions/${allowed.body.sessionId}/continueChat`,
      { message: "x" },
      { origin: "https://evil.example" },
    );
    expect(continued.status).toBe(403);
  });
});
