import { describe, expect, it } from "vitest";
import type { EnginePorts, HttpRequest } from "../../../src/engine/ports.js";
import { portsWithDeadline, turnTimeoutMessage, withinTurnDeadline } from "../../../src/services/chat/turn-deadline.js";
import { AppError } from "../../../src/errors.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingPorts() {
  const calls: string[] = [];
  const requests: HttpRequest[] = [];
  const ports: EnginePorts = {
    clock: { now: () => new Date(0) },
    random: { id: () => "id", number: () => 0.5 },
    http: {
      request: async (request) => {
        requests.push(request);
        calls.push("http");
        return { statusCode: 200, data: "ok" };
      },
    },
    mailer: {
      send: async () => {
        calls.push("mail");
        return { ok: true, from: "bot@example.com" };
      },
    },
    sandbox: Object.assign(
      {
        run: async () => {
          calls.push("sandbox");
          return { ok: true as const, value: 1, setVariables: [] };
        },
      },
      { describe: () => "the port's own member" },
    ),
    bots: {
      load: async () => {
        calls.push("bots");
        return undefined;
      },
    },
  };
  return { ports, calls, requests };
}

describe("turnTimeoutMessage", () => {
  it("names the limit in seconds", () => {
    expect(turnTimeoutMessage(20_000)).toBe("20 seconds timeout reached");
    expect(turnTimeoutMessage(300)).toBe("0.3 seconds timeout reached");
  });
});

describe("portsWithDeadline", () => {
  it("gives an outgoing request at most the time left, and keeps the ports' other members", async () => {
    const { ports, requests } = recordingPorts();
    const limited = portsWithDeadline(ports, Date.now() + 1_000, "1 seconds timeout reached");
    await limited.http!.request({ url: "https://x.example", method: "GET", headers: {}, timeoutMs: 10_000 });
    expect(requests[0].timeoutMs).toBeGreaterThan(900);
    expect(requests[0].timeoutMs).toBeLessThanOrEqual(1_000);
    await limited.http!.request({ url: "https://x.example", method: "GET", headers: {}, timeoutMs: 50 });
    expect(requests[1].timeoutMs).toBe(50);
    expect((limited.sandbox as unknown as { describe(): string }).describe()).toBe("the port's own member");
    expect(limited.clock.now()).toEqual(new Date(0));
  });

  it("lets nothing more happen once the deadline has passed", async () => {
    const { ports, calls } = recordingPorts();
    const limited = portsWithDeadline(ports, Date.now() - 1, "0.3 seconds timeout reached");
    const scope = { botId: "b", mode: "live" as const };
    expect(
      await limited.http!.request({ url: "https://x.example", method: "POST", headers: {}, timeoutMs: 10_000 }),
    ).toEqual({
      statusCode: 408,
      data: undefined,
      error: { kind: "timeout", message: "0.3 seconds timeout reached" },
    });
    expect(await limited.mailer!.send({ to: ["a@b.example"] }, scope)).toEqual({
      ok: false,
      error: "0.3 seconds timeout reached",
    });
    expect(await limited.sandbox!.run({ code: "1", globals: {}, kind: "script" })).toEqual({
      ok: false,
      error: "0.3 seconds timeout reached",
    });
    expect(await limited.bots!.load("x", "live", "w")).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe("withinTurnDeadline", () => {
  it("returns the turn when it ends in time", async () => {
    const { ports } = recordingPorts();
    expect(
      await withinTurnDeadline(ports, 1_000, async () => {
        await sleep(10);
        return "done";
      }),
    ).toBe("done");
  });

  it("rejects with TIMEOUT once the limit is reached, without waiting for the turn", async () => {
    const { ports } = recordingPorts();
    const startedAt = Date.now();
    const error = await withinTurnDeadline(ports, 100, async () => {
      await sleep(1_000);
      return "late";
    }).catch((caught: unknown) => caught);
    expect(Date.now() - startedAt).toBeLessThan(500);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toBody()).toEqual({ code: "TIMEOUT", message: "0.1 seconds timeout reached" });
  });

  it("with 0 runs the turn with the ports untouched", async () => {
    const { ports } = recordingPorts();
    expect(await withinTurnDeadline(ports, 0, async (given) => given === ports)).toBe(true);
  });
});
