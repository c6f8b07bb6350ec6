import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EnginePorts } from "../../../src/engine/ports.js";
import { createHttpPort } from "../../../src/integrations/http/http-port.js";
import { withinTurnDeadlineScope } from "../../../src/integrations/http/turn-deadline-scope.js";
import { portsWithDeadline } from "../../../src/services/chat/turn-deadline.js";

const MESSAGE = "0.1 seconds timeout reached";

/**
 * The calls of every port that reach outside the server. Typed over every port: a new port does not
 * compile until this test names its calls too. The clock and the random source are local work.
 */
const outsideCalls: { [K in keyof EnginePorts]-?: string[] } = {
  clock: [],
  random: [],
  sandbox: ["run"],
  http: ["request"],
  mailer: ["send"],
  chatCompletion: ["complete", "stream"],
  ai: ["chat", "streamChat", "generateObject", "askModel", "askAssistant", "createSpeech", "transcribe"],
  bots: ["load"],
  zendesk: ["openWidget"],
  nocodb: ["searchRecords", "createRecord", "updateRecords"],
  segment: ["send"],
  posthog: ["capture"],
  blink: ["getUsers", "sendFeedEvent", "describeFile"],
  googleSheets: ["read", "appendRow", "updateCells"],
  gmail: ["send"],
  elevenlabs: ["textToSpeech"],
  difyAi: ["chatMessage", "streamChatMessage", "retrieve"],
  chatNode: ["sendMessage"],
  qrCode: ["generate"],
  knowledge: ["search"],
};

/** A port whose every method records that it was called. */
function recordingPort(name: string, calls: string[]) {
  return Object.fromEntries(
    outsideCalls[name as keyof EnginePorts].map((method) => [
      method,
      async () => {
        calls.push(`${name}.${method}`);
        return { ok: true };
      },
    ]),
  );
}

describe("portsWithDeadline, every port", () => {
  const calls: string[] = [];
  const ports = Object.fromEntries(
    Object.keys(outsideCalls).map((name) => [name, recordingPort(name, calls)]),
  ) as unknown as EnginePorts;
  const expired = portsWithDeadline(ports, Date.now() - 1, MESSAGE);

  for (const [name, methods] of Object.entries(outsideCalls))
    for (const method of methods)
      it(`${name}.${method}: no call once the deadline passed`, async () => {
        const port = expired[name as keyof EnginePorts] as unknown as Record<string, (...args: unknown[]) => unknown>;
        const request = { url: "https://x.example", method: "GET", headers: {}, timeoutMs: 1_000 };
        const answer = await port[method](request, { botId: "b", mode: "live" });
        expect(calls).toEqual([]);
        if (name === "bots") expect(answer).toBeUndefined();
        else if (name === "http") expect(answer).toMatchObject({ statusCode: 408, error: { message: MESSAGE } });
        else expect(answer).toEqual({ ok: false, error: MESSAGE });
      });

  it("in time, every call goes through", async () => {
    const inTime = portsWithDeadline(ports, Date.now() + 60_000, MESSAGE);
    for (const [name, methods] of Object.entries(outsideCalls))
      for (const method of methods)
        await (inTime[name as keyof EnginePorts] as unknown as Record<string, (...args: unknown[]) => unknown>)[method](
          { url: "https://x.example", method: "GET", headers: {}, timeoutMs: 1_000 },
          { botId: "b", mode: "live" },
        );
    expect(calls).toHaveLength(Object.values(outsideCalls).flat().length);
  });
});

describe("an adapter holding its own HTTP client, within a turn's deadline scope", () => {
  let server: http.Server;
  let url: string;
  const received: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      received.push(request.url ?? "");
      response.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends its first step in time, and not its second one after the deadline", async () => {
    // The raw port, as the plug-in adapters hold it: the scope, not a wrapper, holds it to the deadline.
    const raw = createHttpPort({ enabled: false, allowedHosts: [] });
    // Only the clock is fake (sockets and their timers stay real): the deadline passes between the two
    // steps however slowly the first one went, and no test waits for it.
    vi.useFakeTimers({ toFake: ["Date"] });
    const deadline = Date.now() + 60_000;
    const [first, second] = await withinTurnDeadlineScope({ deadline, message: MESSAGE }, async () => {
      const first = await raw.request({ url: `${url}/first`, method: "GET", headers: {}, timeoutMs: 5_000 });
      vi.setSystemTime(deadline + 1);
      const second = await raw.request({ url: `${url}/second`, method: "POST", headers: {}, timeoutMs: 5_000 });
      return [first, second];
    });
    expect(first.statusCode).toBe(200);
    expect(second).toEqual({
      statusCode: 408,
      data: { message: MESSAGE },
      error: { kind: "timeout", message: MESSAGE },
    });
    // Outside any turn (the outbox's deliveries) the same port has no turn deadline.
    expect((await raw.request({ url: `${url}/later`, method: "GET", headers: {}, timeoutMs: 5_000 })).statusCode).toBe(
      200,
    );
    expect(received).toEqual(["/first", "/later"]);
  });
});
