import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { type EventsClient, openSessionEvents } from "../helpers/session-events.js";
import { startIntegrationServer } from "./integrations-harness.js";

// Issue 31 item 9: open `…/sessions/{id}/events` streams are bounded per session, per client address
// and per instance, and end after a while; health and chats keep answering meanwhile.
const waitingBot = () =>
  buildBot({
    groups: [{ id: "g1", blocks: [say("t-wait", "Waiting for your payment"), { id: "hook", type: "webhook" }] }],
  });

type Parley = Awaited<ReturnType<typeof startIntegrationServer>>;

async function waitingSession(parley: Parley, publicId: string) {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { sessionId: started.body.sessionId as string, resultId: started.body.resultId as string };
}

const from = (address: string) => ({ "x-forwarded-for": address });

/** A server of its own per group of tests: a stream still counted from one test cannot skew another. */
function withServer(env: Record<string, string>) {
  const state = { parley: undefined as unknown as Parley, publicId: "", botId: "", opened: [] as EventsClient[] };
  beforeAll(async () => {
    state.parley = await startIntegrationServer({ PARLEY_TRUST_PROXY: "on", ...env });
    state.publicId = await state.parley.publish(waitingBot());
    state.botId = (await state.parley.api.get(`/v1/bots?workspaceId=${state.parley.user.workspaceId}`)).body.bots[0].id;
  });
  afterAll(async () => {
    for (const stream of state.opened) stream.close();
    await state.parley?.close();
  });
  const open = async (sessionId: string, address: string) => {
    const stream = await openSessionEvents(state.parley.server.baseUrl, sessionId, "hook", from(address));
    state.opened.push(stream);
    return stream;
  };
  return { state, open };
}

describe("event streams per session and per client address", () => {
  const { state, open } = withServer({ PARLEY_EVENT_STREAMS_PER_ADDRESS: "3" });

  it("ends a session's older stream when a newer one opens; the newer one gets the reply", async () => {
    const { sessionId, resultId } = await waitingSession(state.parley, state.publicId);
    const older = await open(sessionId, "10.0.0.1");
    expect(older.status).toBe(200);
    expect(await older.next()).toEqual({ event: "waiting", data: {} });
    const newer = await open(sessionId, "10.0.0.1");
    expect(newer.status).toBe(200);
    expect(await newer.next()).toEqual({ event: "waiting", data: {} });
    // The older stream ends without another event.
    expect(await older.next()).toBeUndefined();
    const call = await state.parley.api.post(
      `/v1/bots/${state.botId}/blocks/hook/results/${resultId}/executeWebhook`,
      {},
    );
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect((await newer.nextNews())?.event).toBe("reply");
  });

  it("answers 429 to a client address past its open streams; other addresses, health and chats go on", async () => {
    const sessions = await Promise.all([1, 2, 3, 4, 5].map(() => waitingSession(state.parley, state.publicId)));
    const mine = [];
    for (const { sessionId } of sessions.slice(0, 3)) {
      const stream = await open(sessionId, "10.0.0.2");
      expect(stream.status).toBe(200);
      mine.push(stream);
    }
    const refused = await open(sessions[3]!.sessionId, "10.0.0.2");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many open event streams from your address (at most 3): close one first",
    });
    expect((await open(sessions[3]!.sessionId, "10.0.0.3")).status).toBe(200);
    expect((await fetch(`${state.parley.server.baseUrl}/health`)).status).toBe(200);
    expect((await state.parley.start(state.publicId)).status).toBe(200);
    // A closed stream frees its place.
    mine[0]!.close();
    await expect.poll(async () => (await open(sessions[4]!.sessionId, "10.0.0.2")).status, { timeout: 5000 }).toBe(200);
  });
});

describe("event streams of the whole instance", () => {
  const { state, open } = withServer({ PARLEY_EVENT_STREAMS_TOTAL: "5" });

  it("answers 429 past the instance's open streams, whatever the address; health and chats go on", async () => {
    const sessions = await Promise.all([1, 2, 3, 4, 5, 6].map(() => waitingSession(state.parley, state.publicId)));
    for (const [i, { sessionId }] of sessions.slice(0, 5).entries())
      expect((await open(sessionId, `10.0.1.${i}`)).status).toBe(200);
    const refused = await open(sessions[5]!.sessionId, "10.0.2.1");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many open event streams on this server: try again later",
    });
    expect((await fetch(`${state.parley.server.baseUrl}/health`)).status).toBe(200);
    const started = await state.parley.start(state.publicId);
    expect(started.status).toBe(200);
    expect(started.body.messages.length).toBe(1);
  });
});
