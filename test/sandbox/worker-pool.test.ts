import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpRequest, HttpResponse } from "../../src/engine/ports.js";
import { bundledWorkerUrl } from "../../src/sandbox/index.js";
import { defaultSandboxLimits, QuickJsSandbox } from "../../src/sandbox/quickjs-sandbox.js";
import { SandboxWorkerPool, type WorkerPoolOptions } from "../../src/sandbox/worker-pool.js";

// The real worker is the bundle test/global-setup.ts builds; the scripted one misbehaves on request.
const workerUrl = bundledWorkerUrl();
const scriptedWorker = new URL("./fixtures/scripted-worker.mjs", import.meta.url);
const limits = { ...defaultSandboxLimits, timeoutMs: 300, memoryBytes: 16 * 1024 * 1024 };

const pools: SandboxWorkerPool[] = [];
const pool = (options: Partial<WorkerPoolOptions> = {}) => {
  const created = new SandboxWorkerPool({ workerUrl, size: 2, limits, ...options });
  pools.push(created);
  return created;
};
afterAll(() => Promise.all(pools.map((created) => created.close())));

const expression = (target: { run: SandboxWorkerPool["run"] }, code: string, globals: Record<string, unknown> = {}) =>
  target.run({ code, globals, kind: "expression" });
const script = (target: { run: SandboxWorkerPool["run"] }, code: string, globals: Record<string, unknown> = {}) =>
  target.run({ code, globals, kind: "script" });
// Thread ids of this process, where the system tells (Linux). Other threads (libuv's pool, V8's helpers) may
// start at any time, so tests look for threads that ended, never at a count.
const threadIds = () => (fs.existsSync("/proc/self/task") ? new Set(fs.readdirSync("/proc/self/task")) : undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the same answers as the in-process sandbox", () => {
  let inProcess: QuickJsSandbox;
  let pooled: SandboxWorkerPool;
  beforeAll(async () => {
    inProcess = new QuickJsSandbox(limits);
    await inProcess.ready();
    pooled = pool();
  });

  class Point {
    x = 1;
  }
  const cases: [kind: "expression" | "script" | "inline", code: string, globals?: Record<string, unknown>][] = [
    ["inline", "vAge * 2 + '!'", { vAge: 21 }],
    ["inline", "Promise.resolve(1)"],
    ["inline", "await 1"],
    ["inline", "fetch('http://example.com')"],
    ["inline", "while (true) {}"],
    ["inline", "(() => { while (true) {} })()"],
    ["expression", "vAge * 2", { vAge: 21 }],
    ["expression", '"a" + 1'],
    ["expression", "vList.concat(vName)", { vList: ["a", null], vName: "b" }],
    [
      "expression",
      "typeof vFn + ',' + typeof vPoint + ',' + typeof vSymbol + ',' + vWhen + ',' + vBig",
      { vFn: () => 1, vPoint: new Point(), vSymbol: Symbol("s"), vWhen: new Date(0), vBig: 10n },
    ],
    [
      "expression",
      "JSON.stringify(vNested) + Object.keys(vOwnProto)",
      { vNested: { list: [1, { deep: [() => 1, "x"] }] }, vOwnProto: JSON.parse('{"__proto__": 1}') },
    ],
    // biome-ignore lint/suspicious/noSparseArray: the hole is what this case checks.
    ["expression", "vSparse.length + ',' + (1 in vSparse)", { vSparse: [1, , 3] }],
    ["expression", "vBad", { vBad: new Date(Number.NaN) }],
    ["expression", "({ a: [1, 'x'], d: new Date(0), f() {} })"],
    ["expression", "const x = await Promise.resolve(20);\nreturn x + 1"],
    ["script", 'setVariable("Total", 1);\nsetVariable("Name", "Ada");\nawait null;\nsetVariable("Total", { sum: 3 })'],
    ["expression", "process.exit()"],
    ["expression", "fetch('http://example.com')"],
    ["script", "throw new TypeError('bad input')"],
    ["script", "throw 'plain text'"],
    ["expression", "1 +"],
    ["script", "await new Promise(() => {})"],
    ["script", "while (true) {}"],
    ["script", "for (;;) await null"],
    ["script", "return { toJSON() { for (;;) {} } }"],
    // One allocation past the memory limit: the same error on any machine (a gradual one races the time limit).
    ["script", "return 'x'.repeat(32 * 1024 * 1024).length"],
    ["script", "function f() { return f() } f()"],
    [
      "expression",
      "let o = {}; let p = o; for (let i = 0; i < 200000; i++) { p.a = {}; p = p.a }; return JSON.stringify(o).length",
    ],
    ["script", "const big = 'x'.repeat(1024 * 1024); for (let i = 0; i < 100; i++) setVariable('v' + i, big)"],
    ["expression", "10n ** 20n"],
  ];

  it.each(cases)("%s %s", async (kind, code, globals = {}) => {
    const expected = await inProcess.run({ code, globals, kind });
    expect(await pooled.run({ code, globals, kind })).toEqual(expected);
  });
});

describe("the server's thread stays free", () => {
  it("answers timers and other runs while one run loops until its time limit", async () => {
    const pooled = pool({ limits: { ...limits, timeoutMs: 1000 } });
    await expression(pooled, "'warm'");
    const started = Date.now();
    let looping: number | undefined;
    const loop = script(pooled, "while (true) {}").then((result) => {
      looping = Date.now() - started;
      return result;
    });
    const timer = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - started), 20));
    expect(await timer).toBeLessThan(200);
    expect(await expression(pooled, '"a" + 1')).toEqual({ ok: true, value: "a1", setVariables: [] });
    expect(looping).toBeUndefined();
    expect(await loop).toEqual({ ok: false, error: "Timed out: the code ran for more than 1000 ms" });
    expect(looping).toBeGreaterThanOrEqual(1000);
  });

  it("runs 20 runs at once on 2 workers, each with its own globals", async () => {
    // Queued runs wait within their time limit; a loaded machine must not turn this isolation test into a timing one.
    const pooled = pool({ limits: { ...limits, timeoutMs: 5000 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        script(pooled, `await null; setVariable("N", vN); return vN * 10`, { vN: i }),
      ),
    );
    expect(results).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ ok: true, value: i * 10, setVariables: [{ name: "N", value: i }] })),
    );
    expect(pooled.stats()).toEqual({ workers: 2, running: 0, queued: 0, replacements: 0 });
  });
});

describe("workers that do not answer", () => {
  it("replaces a worker silent past the time limit and its grace; the run times out and the next one works", async () => {
    const pooled = pool({ workerUrl: scriptedWorker, size: 1, graceMs: 100 });
    const started = Date.now();
    expect(await expression(pooled, "hang")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await expression(pooled, "next")).toEqual({ ok: true, value: "next", setVariables: [] });
    expect(pooled.stats()).toMatchObject({ workers: 1, replacements: 1 });
  });

  it("fails a run that waits longer than the time limit for a free worker", async () => {
    const pooled = pool({ workerUrl: scriptedWorker, size: 1, graceMs: 200 });
    const hanging = expression(pooled, "silent");
    expect(await expression(pooled, "queued")).toEqual({
      ok: false,
      error: "The code sandbox is busy: no worker was free within 300 ms",
    });
    expect(await hanging).toEqual({ ok: false, error: "Timed out: the code ran for more than 300 ms" });
  });

  it("bounds the queue", async () => {
    const pooled = pool({ workerUrl: scriptedWorker, size: 1, maxQueued: 2 });
    await expression(pooled, "started");
    const runs = ["silent", "a", "b", "c"].map((code) => expression(pooled, code));
    expect(await runs[3]).toEqual({ ok: false, error: "The code sandbox is busy: too many runs are waiting" });
    await pooled.close();
    expect(await Promise.all(runs.slice(0, 3))).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, error: "The code sandbox is closed" })),
    );
  });

  it("replaces a worker that stops by itself", async () => {
    const pooled = pool({ workerUrl: scriptedWorker, size: 1 });
    expect(await expression(pooled, "exit")).toEqual({
      ok: false,
      error: "The code could not be run: the sandbox worker stopped (exit code 3)",
    });
    expect(await expression(pooled, "again")).toEqual({ ok: true, value: "again", setVariables: [] });
  });

  it("fails runs when the worker cannot start", async () => {
    const pooled = pool({ workerUrl: new URL("./fixtures/missing-worker.mjs", import.meta.url) });
    expect(await expression(pooled, "'x'")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The code sandbox could not start: Cannot find module/),
    });
  });
});

describe("fetch", () => {
  it("goes through the given HTTP function on this thread", async () => {
    const requests: HttpRequest[] = [];
    const http = async (request: HttpRequest): Promise<HttpResponse> => {
      requests.push(request);
      await sleep(10);
      return { statusCode: 200, data: request.url.endsWith("json") ? { hello: "world" } : "plain" };
    };
    // Time enough for a loaded machine; the fetch's own limit must still come from the run's.
    const pooled = pool({ http, limits: { ...limits, timeoutMs: 5_000 } });
    const code =
      'const a = await fetch("https://api.test/json", { method: "post", headers: { "x-n": 1 }, body: { q: 1 } });\nconst b = await fetch("https://api.test/text");\nreturn JSON.parse(a).hello + " " + b';
    expect(await expression(pooled, code)).toEqual({ ok: true, value: "world plain", setVariables: [] });
    expect(requests.map(({ timeoutMs: _, ...request }) => request)).toEqual([
      { url: "https://api.test/json", method: "POST", headers: { "x-n": "1" }, body: '{"q":1}' },
      { url: "https://api.test/text", method: "GET", headers: {} },
    ]);
    expect(requests[0]!.timeoutMs).toBeGreaterThan(0);
    expect(requests[0]!.timeoutMs).toBeLessThanOrEqual(5_000);
  });

  it("keeps the limits: fetch count, refused and thrown requests, response size, a fetch that never answers", async () => {
    let calls = 0;
    const http = async (request: HttpRequest): Promise<HttpResponse> => {
      calls++;
      if (request.url.includes("refused"))
        return { statusCode: 403, data: undefined, error: { kind: "refused", message: "address not allowed" } };
      if (request.url.includes("throws")) throw new Error("socket hang up");
      if (request.url.includes("huge")) return { statusCode: 200, data: "x".repeat(9 * 1024 * 1024) };
      if (request.url.includes("never")) return new Promise<HttpResponse>(() => {});
      return { statusCode: 200, data: "ok" };
    };
    const pooled = pool({ http });
    const attempt = (url: string) => `try { return await fetch('${url}') } catch (e) { return e.message }`;
    expect(await expression(pooled, attempt("http://10.0.0.1/refused"))).toEqual({
      ok: true,
      value: "fetch failed: address not allowed",
      setVariables: [],
    });
    expect(await expression(pooled, attempt("https://x.test/throws"))).toEqual({
      ok: true,
      value: "fetch failed: socket hang up",
      setVariables: [],
    });
    expect(await expression(pooled, attempt("https://x.test/huge"))).toEqual({
      ok: true,
      value: "fetch failed: the response is too large",
      setVariables: [],
    });
    expect(await script(pooled, "await fetch('https://x.test/never')")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    calls = 0;
    expect(await script(pooled, "for (let i = 0; i < 11; i++) await fetch('https://x.test/' + i)")).toEqual({
      ok: false,
      error: "Error: fetch may be called at most 10 times",
    });
    expect(calls).toBe(10);
  });

  it("lets a worker take other runs while its run waits for a fetch", async () => {
    let answer: (response: HttpResponse) => void = () => undefined;
    const http = () => new Promise<HttpResponse>((resolve) => (answer = resolve));
    const pooled = pool({ http, size: 1, limits: { ...limits, timeoutMs: 2000 } });
    const waiting = expression(pooled, "'got ' + await fetch('https://slow.test')");
    await sleep(100);
    expect(await expression(pooled, '"a" + 1')).toEqual({ ok: true, value: "a1", setVariables: [] });
    answer({ statusCode: 200, data: "late" });
    expect(await waiting).toEqual({ ok: true, value: "got late", setVariables: [] });
  });
});

describe("closing", () => {
  it("ends its workers and fails the runs still going and those that come after", async () => {
    const before = threadIds();
    const pooled = pool({ limits: { ...limits, timeoutMs: 5000 } });
    await Promise.all([expression(pooled, "1 + 1"), expression(pooled, "2 + 2")]);
    expect(pooled.stats().workers).toBe(2);
    const started = before && [...threadIds()!].filter((id) => !before.has(id));
    if (started) expect(started.length).toBeGreaterThanOrEqual(2);
    const looping = script(pooled, "while (true) {}");
    await pooled.close();
    expect(await looping).toEqual({ ok: false, error: "The code sandbox is closed" });
    expect(pooled.stats()).toMatchObject({ workers: 0, running: 0, queued: 0 });
    // The two worker threads are gone; a thread started meanwhile for something else may stay.
    if (started) expect(started.filter((id) => !threadIds()!.has(id)).length).toBeGreaterThanOrEqual(2);
    expect(await expression(pooled, "1")).toEqual({ ok: false, error: "The code sandbox is closed" });
  });
});
