import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { hangingReceiver } from "../helpers/hanging-receiver.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { webhookReceiver } from "../helpers/webhook-receiver.js";

/**
 * One tenant's deliveries cannot stall another's (issue 31 item 6): a receiver that never answers
 * holds at most its destination's share of the outbox, a failing destination's circuit keeps its
 * items waiting without spending their attempts, and test events are counted per workspace.
 */
let server: TestServer;
let hanging: Awaited<ReturnType<typeof hangingReceiver>>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

const PER_DESTINATION = 4;
const TESTS_PER_MINUTE = 45;
const CIRCUIT_OPEN_MS = 2000;

beforeAll(async () => {
  hanging = await hangingReceiver();
  receiver = await webhookReceiver();
  server = await startTestServer({
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${hanging.port},127.0.0.1:${receiver.port}`,
    PARLEY_OUTBOX_POLL_MS: "50",
    PARLEY_OUTBOX_RETRY_BASE_MS: "100",
    PARLEY_OUTBOX_RETRY_MAX_MS: "200",
    PARLEY_OUTBOX_PER_DESTINATION: String(PER_DESTINATION),
    PARLEY_OUTBOX_CIRCUIT_FAILURES: "3",
    PARLEY_OUTBOX_CIRCUIT_OPEN_MS: String(CIRCUIT_OPEN_MS),
    PARLEY_RATE_LIMIT_WEBHOOK_TESTS_PER_MINUTE: String(TESTS_PER_MINUTE),
  });
});
afterAll(async () => {
  // The receiver goes first: the attempts waiting on it end at once instead of at their time limit.
  await hanging?.close();
  await server?.close();
  await receiver?.close();
});

/** A new account with its own workspace, a bot and a webhook to `url`. */
async function tenantWithWebhook(url: string) {
  const owner = await server.createUser();
  const api = createClient(server.baseUrl, owner.token);
  const bot = await api.post("/v1/bots", {
    workspaceId: owner.workspaceId,
    bot: buildBot({ groups: [{ id: "g1", blocks: [say("hi", "Hi")] }] }),
  });
  expect(bot.status).toBe(200);
  const botId = bot.body.bot.id as string;
  const webhook = await api.post(`/v1/bots/${botId}/webhooks`, { url, events: ["result.completed"] });
  expect(webhook.status).toBe(200);
  const webhookId = webhook.body.webhook.id as string;
  return { api, test: () => api.post(`/v1/bots/${botId}/webhooks/${webhookId}/test`) };
}

describe("outbox isolation between workspaces", () => {
  it("delivers another workspace's webhook at once while 40 test events wait on a receiver that never answers", async () => {
    const stalled = await tenantWithWebhook(hanging.url("/never"));
    for (let i = 0; i < 40; i++) expect((await stalled.test()).status).toBe(200);
    await expect.poll(() => hanging.open(), { timeout: 5000 }).toBe(PER_DESTINATION);

    const other = await tenantWithWebhook(receiver.url("/other"));
    const sentAt = Date.now();
    expect((await other.test()).status).toBe(200);
    await expect.poll(() => receiver.at("/other").length, { timeout: 2000, interval: 20 }).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    // The stalled destination never had more than its share under way.
    expect(hanging.mostOpen()).toBe(PER_DESTINATION);
    expect(hanging.received).toHaveLength(PER_DESTINATION);
  }, 30_000);

  it("opens a failing destination's circuit: its items wait without spending attempts, then go after a probe", async () => {
    receiver.fail("/down", 503);
    const failing = await tenantWithWebhook(receiver.url("/down"));
    for (let i = 0; i < 6; i++) expect((await failing.test()).status).toBe(200);
    // Three failures in a row open the circuit (those under way then still end).
    await expect.poll(() => receiver.at("/down").length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whileOpen = receiver.at("/down").length;
    expect(whileOpen).toBeLessThanOrEqual(3 + PER_DESTINATION - 1);
    // Retries are due every 100-200 ms, yet nothing is tried while the circuit is open.
    await new Promise((resolve) => setTimeout(resolve, CIRCUIT_OPEN_MS / 2));
    expect(receiver.at("/down")).toHaveLength(whileOpen);

    receiver.fail("/down", 200);
    await expect.poll(() => receiver.at("/down").filter((r) => r.status === 200).length, { timeout: 8000 }).toBe(6);
    const requests = receiver.at("/down");
    // After the pause a probe went; its success let the others go, each delivered once.
    expect(requests).toHaveLength(whileOpen + 6);
    const recordedAttempts = async () => {
      const attempts = await server.ctx.store.db
        .selectFrom("outboxAttempts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .innerJoin("outbox", "outbox.id", "outboxAttempts.itemId")
        .where("outbox.payload", "like", `%${JSON.parse(requests[0]!.body).data.webhookId}%`)
        .executeTakeFirstOrThrow();
      return Number(attempts.count);
    };
    // Each recorded attempt is a request the receiver got: waiting items spent none. (An attempt is
    // recorded once its answer is in, so the last ones may land just after the receiver saw them.)
    await expect.poll(recordedAttempts, { timeout: 3000, interval: 50 }).toBe(requests.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await recordedAttempts()).toBe(requests.length);
  }, 30_000);

  it("answers 429 with the limit once a workspace has sent its test events for the minute", async () => {
    const tenant = await tenantWithWebhook(receiver.url("/quota"));
    for (let i = 0; i < TESTS_PER_MINUTE; i++) expect((await tenant.test()).status).toBe(200);
    const refused = await tenant.test();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(
        new RegExp(
          `^Too many requests: at most ${TESTS_PER_MINUTE} webhook test events per minute for one workspace\\. Retry in \\d+ seconds\\.$`,
        ),
      ),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another workspace still may.
    const other = await tenantWithWebhook(receiver.url("/quota-other"));
    expect((await other.test()).status).toBe(200);
  }, 30_000);
});
