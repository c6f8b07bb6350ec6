import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { startIntegrationServer } from "./integrations-harness.js";

// Issue 31 item 9: an events stream does not stay open for as long as its chat waits.
const waitingBot = () =>
  buildBot({
    groups: [{ id: "g1", blocks: [say("t-wait", "Waiting for your payment"), { id: "hook", type: "webhook" }] }],
  });

type Parley = Awaited<ReturnType<typeof startIntegrationServer>>;

describe("event streams: their age", () => {
  let parley: Parley;
  beforeAll(async () => {
    parley = await startIntegrationServer({ PARLEY_EVENT_STREAM_MAX_MS: "1500" });
  });
  afterAll(() => parley?.close());

  it("ends a stream after PARLEY_EVENT_STREAM_MAX_MS; the client may open a new one", async () => {
    const publicId = await parley.publish(waitingBot());
    const started = await parley.start(publicId);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const sessionId = started.body.sessionId as string;
    const openedAt = Date.now();
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: "waiting", data: {} });
    expect(await stream.next()).toBeUndefined();
    const age = Date.now() - openedAt;
    expect(age).toBeGreaterThanOrEqual(1400);
    expect(age).toBeLessThan(10_000);
    const again = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(again.status).toBe(200);
    expect(await again.next()).toEqual({ event: "waiting", data: {} });
    expect(await again.next()).toBeUndefined();
  });
});
