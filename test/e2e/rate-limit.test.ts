import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/**
 * Limits counted in process memory (no REDIS_URL). Visitors are told apart by X-Forwarded-For, which
 * PARLEY_TRUST_PROXY makes the server believe, as it would behind a reverse proxy.
 */
let server: TestServer;
let publicId: string;
let previewBot: Record<string, unknown>;
beforeAll(async () => {
  server = await startTestServer({
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "3",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "4",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "6",
    PARLEY_TRUST_PROXY: "on",
  });
  const user = await server.createUser();
  const api = createClient(server.baseUrl, user.token);
  // One question, asked again after every answer: a session that can be continued forever.
  previewBot = buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          say("b-ask", "Say something"),
          { id: "b-say", type: "text input", options: { variableId: "v" }, outgoingEdgeId: "e-loop" },
        ],
      },
    ],
    edges: [edge("e-loop", "g")],
    variables: [{ id: "v", name: "Said" }],
  });
  const created = await api.post("/v1/bots", { workspaceId: user.workspaceId, bot: previewBot });
  publicId = (await api.post(`/v1/bots/${created.body.bot.id}/publish`)).body.publicId;
});
afterAll(() => server.close());

const visitor = () => createClient(server.baseUrl);
const from = (address: string, extra: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...extra });

async function startFrom(address: string) {
  const response = await visitor().post(`/v1/bots/${publicId}/startChat`, {}, from(address));
  return response;
}

/** A 429 whose message names the limit and whose Retry-After (1..60 s) is the wait it announces. */
function expectLimited(
  response: { status: number; body: any; headers: Headers },
  message: (seconds: number) => string,
) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).toBe(true);
  expect(response.body).toEqual({ code: "TOO_MANY_REQUESTS", message: message(retryAfter) });
}

describe("rate limits (memory store)", () => {
  it("allows PARLEY_RATE_LIMIT_START_PER_MINUTE chat starts per address, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await startFrom("203.0.113.1")).status).toBe(200);
    const limited = await startFrom("203.0.113.1");
    expectLimited(
      limited,
      (seconds) => `Too many requests: at most 3 chat starts per minute from one address. Retry in ${seconds} seconds.`,
    );
    // Other visitors are not affected.
    expect((await startFrom("203.0.113.2")).status).toBe(200);
  });

  it("counts preview starts in the same per-address budget", async () => {
    const client = visitor();
    for (let i = 0; i < 2; i++) expect((await startFrom("203.0.113.3")).status).toBe(200);
    expect(
      (await client.post("/v1/bots/any-bot/preview/startChat", { bot: previewBot }, from("203.0.113.3"))).status,
    ).toBe(200);
    const limited = await client.post("/v1/bots/any-bot/preview/startChat", { bot: previewBot }, from("203.0.113.3"));
    expect(limited.status).toBe(429);
  });

  it("gives a browser on another origin a 429 it can read (CORS headers included)", async () => {
    const origin = "https://shop.example";
    for (let i = 0; i < 3; i++) await startFrom("203.0.113.4");
    const limited = await visitor().post(`/v1/bots/${publicId}/startChat`, {}, from("203.0.113.4", { origin }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("limits continueChat per session, whatever address the messages come from", async () => {
    const sessionId = (await startFrom("203.0.113.10")).body.sessionId;
    const send = (address: string) =>
      visitor().post(`/v1/sessions/${sessionId}/continueChat`, { message: "hi" }, from(address));
    for (let i = 0; i < 4; i++) expect((await send(`203.0.113.${11 + i}`)).status).toBe(200);
    const limited = await send("203.0.113.20");
    expectLimited(
      limited,
      (seconds) => `Too many requests: at most 4 messages per minute in one chat session. Retry in ${seconds} seconds.`,
    );
  });

  it("limits continueChat per address across sessions", async () => {
    const sessions = [
      (await startFrom("203.0.113.30")).body.sessionId,
      (await startFrom("203.0.113.30")).body.sessionId,
    ];
    const send = (sessionId: string) =>
      visitor().post(`/v1/sessions/${sessionId}/continueChat`, { message: "hi" }, from("203.0.113.30"));
    for (let i = 0; i < 6; i++) expect((await send(sessions[i % 2])).status).toBe(200);
    const limited = await send(sessions[0]);
    expectLimited(
      limited,
      (seconds) =>
        `Too many requests: at most 6 chat messages per minute from one address. Retry in ${seconds} seconds.`,
    );
    // Client logs of the same visitor share those budgets.
    expect(
      (await visitor().post(`/v1/sessions/${sessions[1]}/clientLogs`, { clientLogs: [] }, from("203.0.113.30"))).status,
    ).toBe(429);
  });

  it("never limits the health check or CORS preflights", async () => {
    const health = await Promise.all(Array.from({ length: 100 }, () => visitor().get("/health", from("203.0.113.40"))));
    expect(health.map((response) => response.status)).toEqual(Array(100).fill(200));
    for (let i = 0; i < 4; i++) await startFrom("203.0.113.41");
    const preflight = await fetch(`${server.baseUrl}/v1/bots/${publicId}/startChat`, {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example",
        "access-control-request-method": "POST",
        "x-forwarded-for": "203.0.113.41",
      },
    });
    expect(preflight.status).toBe(204);
  });
});
