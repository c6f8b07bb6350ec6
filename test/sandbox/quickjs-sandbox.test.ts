import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { QuickJsSandbox, defaultSandboxLimits } from "../../src/sandbox/index.js";
import type { HttpRequest, HttpResponse } from "../../src/engine/ports.js";

const limits = { ...defaultSandboxLimits, timeoutMs: 300, memoryBytes: 16 * 1024 * 1024 };
let sandbox: QuickJsSandbox;

beforeAll(async () => {
  sandbox = new QuickJsSandbox(limits);
  await sandbox.ready();
});
afterEach(() => {
  // Every run disposes its runtime: nothing stays alive between chats.
  expect(sandbox.stats().liveRuntimes).toBe(0);
});

const expression = (code: string, globals: Record<string, unknown> = {}) =>
  sandbox.run({ code, globals, kind: "expression" });
const script = (code: string, globals: Record<string, unknown> = {}) => sandbox.run({ code, globals, kind: "script" });

describe("values and globals", () => {
  it("evaluates an expression over type-guessed globals", async () => {
    expect(await expression("vAge * 2", { vAge: 21 })).toEqual({ ok: true, value: 42, setVariables: [] });
    expect(await expression("vList.concat(vName)", { vList: ["a", null], vName: "b" })).toEqual({
      ok: true,
      value: ["a", null, "b"],
      setVariables: [],
    });
  });

  it("runs code holding `return ` as a function body, with async/await", async () => {
    const result = await expression("const x = await Promise.resolve(20);\nreturn x + 1");
    expect(result).toEqual({ ok: true, value: 21, setVariables: [] });
  });

  it("runs a script without adding a return, collecting setVariable calls (last value per name wins)", async () => {
    const result = await script(
      'setVariable("Total", 1);\nsetVariable("Name", "Ada");\nawait null;\nsetVariable("Total", { sum: 3 })',
    );
    expect(result).toEqual({
      ok: true,
      value: undefined,
      setVariables: [
        { name: "Total", value: { sum: 3 } },
        { name: "Name", value: "Ada" },
      ],
    });
  });

  it("gives objects back as JSON data and functions as undefined", async () => {
    expect(await expression("({ a: [1, 'x'], d: new Date(0) })")).toEqual({
      ok: true,
      value: { a: [1, "x"], d: "1970-01-01T00:00:00.000Z" },
      setVariables: [],
    });
    expect((await expression("() => 1")).ok && undefined).toBeUndefined();
  });

  it("cannot reach the host: no process, require, module or host fetch", async () => {
    expect(
      await expression(
        "typeof globalThis.process + ',' + typeof require + ',' + typeof module + ',' + typeof globalThis.Buffer",
      ),
    ).toEqual({
      ok: true,
      value: "undefined,undefined,undefined,undefined",
      setVariables: [],
    });
    expect(await expression("process.exit()")).toEqual({
      ok: false,
      error: "ReferenceError: 'process' is not defined",
    });
    expect(await expression('require("fs")')).toEqual({ ok: false, error: "ReferenceError: 'require' is not defined" });
    expect(await expression('import("fs")')).toMatchObject({ ok: false });
    expect(await expression("fetch('http://example.com')")).toEqual({
      ok: false,
      error: "Error: fetch is not available",
    });
  });

  it("keeps runs apart: a global set by one run is gone in the next", async () => {
    await script("globalThis.leak = 'secret'; Object.prototype.polluted = 1");
    expect(await expression("typeof leak + ',' + ({}).polluted")).toEqual({
      ok: true,
      value: "undefined,undefined",
      setVariables: [],
    });
  });

  it("reports thrown errors and syntax errors as faults", async () => {
    expect(await script("throw new TypeError('bad input')")).toEqual({ ok: false, error: "TypeError: bad input" });
    expect(await script("throw 'plain text'")).toEqual({ ok: false, error: "plain text" });
    expect(await expression("1 +")).toMatchObject({ ok: false, error: expect.stringMatching(/^SyntaxError: /) });
    expect(await script("await new Promise(() => {})")).toEqual({
      ok: false,
      error: "The code waits for a promise that never settles",
    });
  });
});

describe("limits", () => {
  it("ends an infinite loop with a timeout within the limit, and the next run works", async () => {
    const started = Date.now();
    expect(await script("while (true) {}")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    // The limit plus scheduling slack on a busy machine.
    expect(Date.now() - started).toBeLessThan(300 + 700);
    expect(await expression("1 + 1")).toEqual({ ok: true, value: 2, setVariables: [] });
  });

  it("ends endless async work and catastrophic regular expressions with a timeout", async () => {
    expect(await script("for (;;) await null")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    expect(await expression("/(a+)+$/.test('a'.repeat(40) + 'b')")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
  });

  it("times out guest code run while reading a result or an error (toJSON, getters, proxies)", async () => {
    const timedOut = { ok: false, error: "Timed out: the code ran for more than 300 ms" };
    expect(await script("return { toJSON() { for (;;) {} } }")).toEqual(timedOut);
    expect(await script("throw { get message() { for (;;) {} } }")).toEqual(timedOut);
    expect(await script("return new Proxy({}, { get() { for (;;) {} } })")).toEqual(timedOut);
  });

  it("ends huge allocations with a memory error, and the next run works", async () => {
    // A generous time limit, so that the memory limit is what stops these.
    const roomy = new QuickJsSandbox({ ...limits, timeoutMs: 10_000 });
    await roomy.ready();
    const run = (code: string) => roomy.run({ code, globals: {}, kind: "script" });
    expect(await run("return new Array(1e9).fill(1)")).toEqual({
      ok: false,
      error: "Out of memory: the code used more than 16 MB",
    });
    expect(await run("const a = []; for (;;) a.push({ n: a.length })")).toEqual({
      ok: false,
      error: "Out of memory: the code used more than 16 MB",
    });
    // Doubling a string reaches the engine's longest string before the memory limit.
    expect(await run("let s = 'x'; for (;;) s += s")).toEqual({ ok: false, error: "InternalError: string too long" });
    expect(await run("return 'ok'")).toEqual({ ok: true, value: "ok", setVariables: [] });
    expect(roomy.stats().liveRuntimes).toBe(0);
  });

  it("ends deep recursion with a stack overflow inside the guest", async () => {
    expect(await script("function f() { return f() } f()")).toEqual({
      ok: false,
      error: "InternalError: stack overflow",
    });
    expect(await script("function f() { return f() } try { f() } catch (e) { return 'caught ' + e.message }")).toEqual({
      ok: true,
      value: "caught stack overflow",
      setVariables: [],
    });
  });

  it("survives a value nested too deeply for the host stack by replacing the interpreter", async () => {
    const before = sandbox.stats().moduleReplacements;
    const result = await expression(
      "let o = {}; let p = o; for (let i = 0; i < 200000; i++) { p.a = {}; p = p.a }; return JSON.stringify(o).length",
    );
    expect(result).toEqual({ ok: false, error: "InternalError: stack overflow (the code nests too deeply)" });
    expect(sandbox.stats().moduleReplacements).toBe(before + 1);
    expect(await expression("6 * 7")).toEqual({ ok: true, value: 42, setVariables: [] });
  });

  it("bounds what setVariable may hand out", async () => {
    const result = await script(
      "const big = 'x'.repeat(1024 * 1024); for (let i = 0; i < 100; i++) setVariable('v' + i, big)",
    );
    expect(result).toEqual({ ok: false, error: "Error: setVariable: too much data was set from this code" });
  });
});

describe("concurrency and resources", () => {
  it("runs 20 runs in parallel, each with its own globals", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => script(`await null; setVariable("N", vN); return vN * 10`, { vN: i })),
    );
    expect(results).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ ok: true, value: i * 10, setVariables: [{ name: "N", value: i }] })),
    );
  });

  it("keeps memory flat over many runs", async () => {
    for (let i = 0; i < 200; i++) await expression("new Array(10000).fill('abc').join('').length");
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 1000; i++) await expression("new Array(10000).fill('abc').join('').length");
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("fetch", () => {
  it("goes through the injected HTTP function and resolves to the response text", async () => {
    const requests: HttpRequest[] = [];
    const http = async (request: HttpRequest): Promise<HttpResponse> => {
      requests.push(request);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { statusCode: 200, data: request.url.endsWith("json") ? { hello: "world" } : "plain" };
    };
    const withHttp = new QuickJsSandbox(limits, http);
    await withHttp.ready();
    const result = await withHttp.run({
      code: 'const a = await fetch("https://api.test/json", { method: "post", headers: { "x-n": 1 }, body: { q: 1 } });\nconst b = await fetch("https://api.test/text");\nreturn JSON.parse(a).hello + " " + b',
      globals: {},
      kind: "expression",
    });
    expect(result).toEqual({ ok: true, value: "world plain", setVariables: [] });
    expect(requests.map(({ timeoutMs: _, ...request }) => request)).toEqual([
      { url: "https://api.test/json", method: "POST", headers: { "x-n": "1" }, body: '{"q":1}' },
      { url: "https://api.test/text", method: "GET", headers: {} },
    ]);
  });

  it("queues runs beyond the concurrency bound: 20 fetching runs, at most 8 alive at once", async () => {
    let inFlight = 0;
    let peak = 0;
    const http = async (request: HttpRequest): Promise<HttpResponse> => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 15));
      inFlight--;
      return { statusCode: 200, data: request.url.slice(-2) };
    };
    const bounded = new QuickJsSandbox({ ...limits, timeoutMs: 2000, maxConcurrentRuns: 8 }, http);
    await bounded.ready();
    const runs = Array.from({ length: 20 }, (_, i) => String(i).padStart(2, "0"));
    const results = await Promise.all(
      runs.map((n) =>
        bounded.run({ code: `return "got " + await fetch("https://api.test/${n}")`, globals: {}, kind: "expression" }),
      ),
    );
    expect(results).toEqual(runs.map((n) => ({ ok: true, value: `got ${n}`, setVariables: [] })));
    expect(peak).toBe(8);
    expect(bounded.stats().liveRuntimes).toBe(0);
  });

  it("rejects in the guest when no response came back, and times out a fetch that never answers", async () => {
    const failing = new QuickJsSandbox(limits, async () => ({
      statusCode: 403,
      data: undefined,
      error: { kind: "refused", message: "address not allowed" },
    }));
    await failing.ready();
    expect(
      await failing.run({
        code: "try { await fetch('http://10.0.0.1') } catch (e) { return e.message }",
        globals: {},
        kind: "expression",
      }),
    ).toEqual({
      ok: true,
      value: "fetch failed: address not allowed",
      setVariables: [],
    });
    const hanging = new QuickJsSandbox(limits, () => new Promise<HttpResponse>(() => {}));
    await hanging.ready();
    expect(await hanging.run({ code: "await fetch('https://slow.test')", globals: {}, kind: "script" })).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    expect(hanging.stats().liveRuntimes).toBe(0);
  });
});

describe("inline {{= =}} runs", () => {
  const inline = (code: string, globals: Record<string, unknown> = {}) =>
    sandbox.run({ code, globals, kind: "inline" });
  it("evaluate with the same isolation and limits, without fetch or waiting", async () => {
    expect(await inline("vA + 1", { vA: 1 })).toEqual({ ok: true, value: 2, setVariables: [] });
    expect(await inline("const x = 2; return x * 3")).toEqual({ ok: true, value: 6, setVariables: [] });
    expect(await inline("process.exit()")).toEqual({ ok: false, error: "ReferenceError: 'process' is not defined" });
    expect(await inline("(() => { while (true) {} })()")).toEqual({
      ok: false,
      error: "Timed out: the code ran for more than 300 ms",
    });
    expect(await inline("fetch('https://x.test')")).toEqual({ ok: false, error: "Error: fetch is not available" });
    expect(await inline("Promise.resolve(1)")).toEqual({ ok: true, value: 1, setVariables: [] });
    expect(await inline("new Promise(() => {})")).toEqual({
      ok: false,
      error: "Inline code cannot wait for a promise",
    });
  });
});
