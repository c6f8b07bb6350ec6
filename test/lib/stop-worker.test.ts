import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { stopWorker } from "../../src/lib/stop-worker.js";

const worker = (code: string) => new Worker(code, { eval: true });

describe("stopping a worker thread", () => {
  it("returns at once for a worker that already stopped, instead of waiting out its grace for an exit that came before", async () => {
    const gone = worker("process.exit(3)");
    await once(gone, "exit");
    const started = Date.now();
    await stopWorker(gone, "close", 60_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("lets a worker that finishes on its message exit by itself", async () => {
    const polite = worker(
      'const { parentPort } = require("node:worker_threads"); parentPort.on("message", () => parentPort.close());',
    );
    const exit = once(polite, "exit");
    await stopWorker(polite, "close", 60_000);
    expect(await exit).toEqual([0]);
  });

  it("terminates a worker that ignores its message once the grace is over", async () => {
    const stubborn = worker("setInterval(() => {}, 1000)");
    const exit = once(stubborn, "exit");
    // Running, so that it is the ignored message that ends in termination (a worker terminated while it
    // still starts exits with 0; on a loaded machine its start can outlast the grace).
    await once(stubborn, "online");
    await stopWorker(stubborn, "close", 100);
    expect(await exit).toEqual([1]);
  });
});
