import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { webhookReceiver, type ReceivedWebhook } from "../helpers/webhook-receiver.js";
import { publishBot } from "../reliability/fixtures.js";

/**
 * Outbound result webhooks over real HTTP: a real receiver on 127.0.0.1 gets the signed events of
 * answered chats; retries keep the webhook-id; a URL that keeps failing gets its webhook disabled.
 */
let server: TestServer;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;
let readmeVerify: (secret: string, headers: Record<string, unknown>, body: string) => boolean;

beforeAll(async () => {
  receiver = await webhookReceiver();
  server = await startTestServer({
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    PARLEY_OUTBOX_POLL_MS: "50",
    PARLEY_OUTBOX_RETRY_BASE_MS: "100",
    PARLEY_OUTBOX_RETRY_MAX_MS: "200",
    // Deliveries give up after 2.5 s instead of 24 h: the give-up point without waiting a day.
    PARLEY_OUTBOX_RETRY_HOURS: String(2.5 / 3600),
    // A failing receiver's circuit pauses it only briefly here, so that its items reach the give-up point.
    PARLEY_OUTBOX_CIRCUIT_OPEN_MS: "100",
  });
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
  // The documentation's verification snippet, run as a module exactly as printed there.
  const page = fs.readFileSync(path.join(import.meta.dirname, "../../docs/webhooks-and-outbox.md"), "utf8");
  const snippet = /<!-- webhook-verify:start -->\n```js\n([\s\S]*?)```\n<!-- webhook-verify:end -->/.exec(page)![1];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-readme-")), "verify.mjs");
  fs.writeFileSync(file, snippet);
  readmeVerify = (await import(pathToFileURL(file).href)).verifyWebhook;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** Standard Webhooks verification, written from the specification, independently of Parley's signer. */
function verifiesPerSpec(secret: string, request: ReceivedWebhook): boolean {
  const id = request.headers["webhook-id"] as string;
  const timestamp = request.headers["webhook-timestamp"] as string;
  const signatures = String(request.headers["webhook-signature"]).split(" ");
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  expect(secret.startsWith("whsec_")).toBe(true);
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const mac = createHmac("sha256", key);
  mac.update(`${id}.${timestamp}.`);
  mac.update(Buffer.from(request.body, "utf8"));
  const expected = mac.digest();
  return signatures.some((entry) => {
    const comma = entry.indexOf(",");
    if (entry.slice(0, comma) !== "v1") return false;
    const given = Buffer.from(entry.slice(comma + 1), "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const nameBot = () =>
  buildBot({
    variables: [{ id: "v-name", name: "Name" }],
    groups: [
      {
        id: "g1",
        blocks: [
          say("hello", "Your name?"),
          { id: "ask", type: "text input", options: { variableId: "v-name" } },
          say("bye", "Thanks {{Name}}"),
        ],
      },
    ],
  });

async function answeredChat(publicId: string, name: string) {
  const chat = createClient(server.baseUrl);
  const started = await chat.post(`/v1/bots/${publicId}/startChat`, {});
  expect(started.status).toBe(200);
  const reply = await chat.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: name });
  expect(reply.status).toBe(200);
  return started.body.resultId as string;
}

async function createWebhook(botId: string, hookPath: string, events: string[]) {
  const created = await api.post(`/v1/bots/${botId}/webhooks`, { url: receiver.url(hookPath), events });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.webhook as { id: string; secret: string };
}

const deliveriesOf = async (botId: string, webhookId: string) =>
  (await api.get(`/v1/bots/${botId}/webhooks/${webhookId}/deliveries`)).body.deliveries as Record<string, any>[];

describe("webhook management", () => {
  it("creates, lists without the secret, changes and deletes a webhook", async () => {
    const { botId } = await publishBot(api, owner.workspaceId, nameBot());
    const created = await api.post(`/v1/bots/${botId}/webhooks`, {
      url: "https://hooks.example.com/parley",
      events: ["result.answer", "result.completed", "result.answer"],
    });
    expect(created.status).toBe(200);
    const { webhook } = created.body;
    expect(webhook).toEqual({
      id: expect.any(String),
      url: "https://hooks.example.com/parley",
      events: ["result.answer", "result.completed"],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      createdAt: expect.any(String),
      enabled: true,
    });
    expect(Buffer.from(webhook.secret.slice(6), "base64")).toHaveLength(32);

    const listed = await api.get(`/v1/bots/${botId}/webhooks`);
    expect(listed.body).toEqual({
      webhooks: [
        {
          id: webhook.id,
          url: "https://hooks.example.com/parley",
          events: ["result.answer", "result.completed"],
          createdAt: webhook.createdAt,
          enabled: true,
        },
      ],
    });
    expect(JSON.stringify(listed.body)).not.toContain(webhook.secret);

    const patched = await api.patch(`/v1/bots/${botId}/webhooks/${webhook.id}`, {
      url: "https://other.example.com/in",
      events: ["result.started"],
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.webhook).toEqual({
      id: webhook.id,
      url: "https://other.example.com/in",
      events: ["result.started"],
      createdAt: webhook.createdAt,
      enabled: false,
    });
    expect((await api.get(`/v1/bots/${botId}/webhooks`)).body.webhooks[0]).toEqual(patched.body.webhook);

    expect(await api.delete(`/v1/bots/${botId}/webhooks/${webhook.id}`)).toMatchObject({
      status: 200,
      body: { message: "Webhook deleted" },
    });
    expect((await api.get(`/v1/bots/${botId}/webhooks`)).body).toEqual({ webhooks: [] });
    expect(await api.patch(`/v1/bots/${botId}/webhooks/${webhook.id}`, { enabled: true })).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "Webhook not found" },
    });
  });

  it("refuses bad URLs, private addresses, unknown or no events, and empty changes with 400", async () => {
    const { botId } = await publishBot(api, owner.workspaceId, nameBot());
    const attempt = (body: unknown) => api.post(`/v1/bots/${botId}/webhooks`, body);
    expect((await attempt({ url: "ftp://files.example.com/x", events: ["result.answer"] })).body).toEqual({
      code: "BAD_REQUEST",
      message: "Invalid body: url: Must be an http or https URL",
      issues: [{ path: "url", message: "Must be an http or https URL" }],
    });
    expect((await attempt({ url: "http://10.1.2.3/hook", events: ["result.answer"] })).body).toEqual({
      code: "BAD_REQUEST",
      message:
        "Invalid body: url: 10.1.2.3 is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it",
      issues: [
        {
          path: "url",
          message:
            "10.1.2.3 is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it",
        },
      ],
    });
    const local = await attempt({ url: "http://localhost:8080/hook", events: ["result.answer"] });
    expect(local.status).toBe(400);
    expect(local.body.message).toBe(
      "Invalid body: url: localhost:8080 is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it",
    );
    const none = await attempt({ url: "https://hooks.example.com/x", events: [] });
    expect(none.body).toMatchObject({ code: "BAD_REQUEST", issues: [{ path: "events" }] });
    expect(none.body.message).toBe("Invalid body: events: Subscribe to at least one event");
    const unknown = await attempt({ url: "https://hooks.example.com/x", events: ["result.deleted"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe("events.0");
    expect((await api.get(`/v1/bots/${botId}/webhooks`)).body).toEqual({ webhooks: [] });

    const { id } = await createWebhook(botId, "/unused", ["result.answer"]);
    const empty = await api.patch(`/v1/bots/${botId}/webhooks/${id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Invalid body: (root): Nothing to change: give url, events or enabled");
    const privateUrl = await api.patch(`/v1/bots/${botId}/webhooks/${id}`, { url: "http://192.168.1.1/" });
    expect(privateUrl.status).toBe(400);
  });

  it("lets a guest read but not write (403), and answers another workspace's user with 404", async () => {
    const { botId } = await publishBot(api, owner.workspaceId, nameBot());
    const { id } = await createWebhook(botId, "/guarded", ["result.answer"]);
    const guest = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(server.baseUrl, guest.token);
    expect((await guestApi.get(`/v1/bots/${botId}/webhooks`)).body.webhooks.map((w: { id: string }) => w.id)).toEqual([
      id,
    ]);
    expect((await guestApi.get(`/v1/bots/${botId}/webhooks/${id}/deliveries`)).status).toBe(200);
    for (const [method, url, body] of [
      ["POST", `/v1/bots/${botId}/webhooks`, { url: "https://hooks.example.com/g", events: ["result.answer"] }],
      ["PATCH", `/v1/bots/${botId}/webhooks/${id}`, { enabled: false }],
      ["DELETE", `/v1/bots/${botId}/webhooks/${id}`, undefined],
      ["POST", `/v1/bots/${botId}/webhooks/${id}/test`, {}],
    ] as const) {
      const response = await guestApi.request(method, url, body);
      expect({ url, status: response.status, code: response.body.code }).toEqual({
        url,
        status: 403,
        code: "FORBIDDEN",
      });
    }

    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    for (const url of [`/v1/bots/${botId}/webhooks`, `/v1/bots/${botId}/webhooks/${id}/deliveries`])
      expect((await stranger.get(url)).body).toEqual({ code: "NOT_FOUND", message: "Bot not found" });
    expect((await stranger.delete(`/v1/bots/${botId}/webhooks/${id}`)).status).toBe(404);
    expect((await api.get(`/v1/bots/${botId}/webhooks`)).body.webhooks).toHaveLength(1);
  });
});

describe("webhook deliveries", () => {
  it("delivers result.started, result.answer and result.completed of an answered chat, signed", async () => {
    const { botId } = await publishBot(api, owner.workspaceId, nameBot());
    const webhook = await createWebhook(botId, "/events", ["result.started", "result.answer", "result.completed"]);
    const onlyAnswers = await createWebhook(botId, "/answers-only", ["result.answer"]);
    const resultId = await answeredChat((await api.get(`/v1/bots/${botId}`)).body.bot.publicId, "Ada");

    await expect.poll(() => receiver.at("/events").length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => receiver.at("/answers-only").length, { timeout: 10_000 }).toBe(1);
    const byType = Object.fromEntries(receiver.at("/events").map((request) => [request.json.type, request]));
    const answer = { blockId: "ask", groupId: "g1", variable: { id: "v-name", name: "Name" }, value: "Ada" };
    expect(byType["result.started"].json.data).toEqual({ botId, resultId, createdAt: expect.any(String) });
    expect(byType["result.answer"].json.data).toEqual({ botId, resultId, answer });
    expect(byType["result.completed"].json.data).toEqual({
      botId,
      resultId,
      answers: [{ blockId: "ask", key: "Name", variable: { id: "v-name", name: "Name" }, value: "Ada" }],
      variables: [{ id: "v-name", name: "Name", value: "Ada" }],
    });
    expect(receiver.at("/answers-only")[0].json.data).toEqual({ botId, resultId, answer });
    for (const request of receiver.at("/events")) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(Date.parse(request.json.timestamp)).not.toBeNaN();
      expect(verifiesPerSpec(webhook.secret, request)).toBe(true);
      expect(readmeVerify(webhook.secret, request.headers, request.body)).toBe(true);
      // Another webhook's secret, or a changed body, does not verify.
      expect(verifiesPerSpec(onlyAnswers.secret, request)).toBe(false);
      expect(readmeVerify(webhook.secret, request.headers, `${request.body} `)).toBe(false);
    }

    await expect
      .poll(async () => (await deliveriesOf(botId, webhook.id)).map((delivery) => delivery.status), { timeout: 10_000 })
      .toEqual(["delivered", "delivered", "delivered"]);
    const deliveries = await deliveriesOf(botId, webhook.id);
    expect(new Set(deliveries.map((delivery) => delivery.id))).toEqual(
      new Set(receiver.at("/events").map((request) => request.headers["webhook-id"])),
    );
    expect(new Set(deliveries.map((delivery) => delivery.event))).toEqual(
      new Set(["result.started", "result.answer", "result.completed"]),
    );
    for (const delivery of deliveries)
      expect(delivery).toEqual({
        id: expect.any(String),
        event: expect.any(String),
        status: "delivered",
        statusCode: 200,
        attempts: 1,
        nextAttemptAt: null,
        error: null,
        createdAt: expect.any(String),
      });

    // The builder's preview keeps no result: it sends nothing.
    const preview = await api.post(`/v1/bots/${botId}/preview/startChat`, {});
    expect(preview.status).toBe(200);
    await api.post(`/v1/sessions/${preview.body.sessionId}/continueChat`, { message: "Preview" });
    expect(
      await server.ctx.store.db.selectFrom("outbox").select("id").where("targetId", "=", webhook.id).execute(),
    ).toHaveLength(3);
  });

  it("retries a 500 with the same webhook-id, then records the delivery", async () => {
    const { botId, publicId } = await publishBot(api, owner.workspaceId, nameBot());
    const webhook = await createWebhook(botId, "/flaky", ["result.answer"]);
    receiver.plan("/flaky", [500]);
    await answeredChat(publicId, "Grace");
    await expect.poll(() => receiver.at("/flaky").length, { timeout: 10_000 }).toBe(2);
    const [first, second] = receiver.at("/flaky");
    expect([first.status, second.status]).toEqual([500, 200]);
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    for (const request of [first, second]) expect(verifiesPerSpec(webhook.secret, request)).toBe(true);
    await expect
      .poll(async () => (await deliveriesOf(botId, webhook.id))[0]?.status, { timeout: 10_000 })
      .toBe("delivered");
    expect(await deliveriesOf(botId, webhook.id)).toEqual([
      {
        id: first.headers["webhook-id"],
        event: "result.answer",
        status: "delivered",
        statusCode: 200,
        attempts: 2,
        nextAttemptAt: null,
        error: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("sends a test event through the same path and lists its delivery", async () => {
    const { botId } = await publishBot(api, owner.workspaceId, nameBot());
    const webhook = await createWebhook(botId, "/test-send", ["result.completed"]);
    const sent = await api.post(`/v1/bots/${botId}/webhooks/${webhook.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body.delivery).toEqual({
      id: expect.any(String),
      event: "webhook.test",
      status: "pending",
      statusCode: null,
      attempts: 0,
      nextAttemptAt: expect.any(String),
      error: null,
      createdAt: expect.any(String),
    });
    await expect.poll(() => receiver.at("/test-send").length, { timeout: 10_000 }).toBe(1);
    const [request] = receiver.at("/test-send");
    expect(request.headers["webhook-id"]).toBe(sent.body.delivery.id);
    expect(request.json).toEqual({
      type: "webhook.test",
      timestamp: sent.body.delivery.createdAt,
      data: { botId, webhookId: webhook.id, message: "A test event from Parley" },
    });
    expect(verifiesPerSpec(webhook.secret, request)).toBe(true);
    await expect
      .poll(async () => (await deliveriesOf(botId, webhook.id))[0]?.status, { timeout: 10_000 })
      .toBe("delivered");
  });

  it("disables a webhook whose deliveries keep failing past the give-up point, and enables it again", async () => {
    const { botId, publicId } = await publishBot(api, owner.workspaceId, nameBot());
    const webhook = await createWebhook(botId, "/down", ["result.answer"]);
    receiver.fail("/down", 503);
    await answeredChat(publicId, "Linus");
    const reason = "Disabled after failed deliveries: The receiver answered HTTP 503";
    await expect
      .poll(async () => (await api.get(`/v1/bots/${botId}/webhooks`)).body.webhooks[0], { timeout: 20_000 })
      .toEqual({
        id: webhook.id,
        url: receiver.url("/down"),
        events: ["result.answer"],
        createdAt: expect.any(String),
        enabled: false,
        disabledReason: reason,
        disabledAt: expect.any(String),
      });
    const [failed] = await deliveriesOf(botId, webhook.id);
    expect(failed).toMatchObject({ status: "failed", statusCode: 503, nextAttemptAt: null });
    expect(failed.error).toBe("The receiver answered HTTP 503");
    expect(failed.attempts).toBeGreaterThan(1);
    expect(receiver.at("/down").length).toBe(failed.attempts);

    // Disabled: new answers are not even queued for it.
    await answeredChat(publicId, "Margaret");
    expect(await deliveriesOf(botId, webhook.id)).toHaveLength(1);

    const enabled = await api.patch(`/v1/bots/${botId}/webhooks/${webhook.id}`, { enabled: true });
    expect(enabled.body.webhook).toEqual({
      id: webhook.id,
      url: receiver.url("/down"),
      events: ["result.answer"],
      createdAt: expect.any(String),
      enabled: true,
    });
    receiver.fail("/down", 200);
    await answeredChat(publicId, "Barbara");
    await expect
      .poll(async () => (await deliveriesOf(botId, webhook.id)).map((delivery) => delivery.status), { timeout: 10_000 })
      .toEqual(["delivered", "failed"]);
    expect(receiver.at("/down").at(-1)!.json.data.answer.value).toBe("Barbara");
  });
});
