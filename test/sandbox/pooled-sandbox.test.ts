import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import type { HttpPort, HttpRequest } from "../../src/engine/ports.js";
import { closeSandboxPort, createSandboxPort, PooledSandbox } from "../../src/sandbox/index.js";
import { defaultSandboxLimits, QuickJsSandbox } from "../../src/sandbox/quickjs-sandbox.js";
import { SandboxWorkerPool } from "../../src/sandbox/worker-pool.js";

// The scripted worker answers with the code it was given: what reaches the pool is easy to see.
const scriptedWorker = new URL("./fixtures/scripted-worker.mjs", import.meta.url);
const limits = { ...defaultSandboxLimits, timeoutMs: 300 };
const inProcess = new QuickJsSandbox(limits);
const pool = new SandboxWorkerPool({ workerUrl: scriptedWorker, size: 1, limits });
const sandbox = new PooledSandbox(inProcess, pool);
beforeAll(() => inProcess.ready());
afterAll(() => sandbox.close());

describe("PooledSandbox", () => {
  it("computes plain arithmetic at once and hands everything else to the pool", async () => {
    expect(await sandbox.run({ code: "vAge * 2", globals: { vAge: 21 }, kind: "expression" })).toEqual({
      ok: true,
      value: 42,
      setVariables: [],
    });
    expect(pool.stats().workers).toBe(0);
    expect(await sandbox.run({ code: '"a" + 1', globals: {}, kind: "expression" })).toEqual({
      ok: true,
      value: '"a" + 1',
      setVariables: [],
    });
    // A Code block's script has no value to give back, even when it reads like arithmetic.
    expect(await sandbox.run({ code: "36 * 2", globals: {}, kind: "script" })).toEqual({
      ok: true,
      value: "36 * 2",
      setVariables: [],
    });
  });

  it("has no synchronous way to run bot code", () => {
    expect("evaluateSync" in sandbox).toBe(false);
  });
});

describe("createSandboxPort", () => {
  const requests: HttpRequest[] = [];
  const http: HttpPort = {
    request: async (request) => {
      requests.push(request);
      return { statusCode: 200, data: "pong" };
    },
  };
  const config = { sandboxTimeoutMs: 500, sandboxMemoryMb: 16, sandboxWorkers: 2 };

  it("runs code in the bundled worker, fetching through the given port, and closes", async () => {
    const port = createSandboxPort(config, http);
    expect(await port.run({ code: '"a" + 1', globals: {}, kind: "expression" })).toEqual({
      ok: true,
      value: "a1",
      setVariables: [],
    });
    expect(
      await port.run({ code: "setVariable('R', await fetch('https://api.test/ping'))", globals: {}, kind: "script" }),
    ).toEqual({
      ok: true,
      value: undefined,
      setVariables: [{ name: "R", value: "pong" }],
    });
    expect(requests.map((request) => request.url)).toEqual(["https://api.test/ping"]);
    expect(await port.run({ code: "while (true) {}", globals: {}, kind: "script" })).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 500 ms",
    });
    await closeSandboxPort(port);
    expect(await port.run({ code: "'after'", globals: {}, kind: "expression" })).toEqual({
      ok: false,
      error: "The code sandbox is closed",
    });
  });

  it("runs code on this thread with no workers", async () => {
    const port = createSandboxPort({ ...config, sandboxWorkers: 0 }, http);
    expect(await port.run({ code: '"a" + 1', globals: {}, kind: "expression" })).toEqual({
      ok: true,
      value: "a1",
      setVariables: [],
    });
    await closeSandboxPort(port);
  });
});

describe("PARLEY_SANDBOX_WORKERS", () => {
  it("defaults to 2 workers, takes 0 for none, and rejects anything but a whole number", () => {
    expect(loadConfig({}).sandboxWorkers).toBe(2);
    expect(loadConfig({ PARLEY_SANDBOX_WORKERS: "4" }).sandboxWorkers).toBe(4);
    expect(loadConfig({ PARLEY_SANDBOX_WORKERS: "0" }).sandboxWorkers).toBe(0);
    expect(() => loadConfig({ PARLEY_SANDBOX_WORKERS: "1.5" })).toThrow(
      new ConfigError('PARLEY_SANDBOX_WORKERS must be a whole number (0 turns it off), got "1.5"'),
    );
  });
});
