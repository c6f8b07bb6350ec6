import type { Config } from "../config.js";
import type { HttpPort, SandboxPort } from "../engine/ports.js";
import { bundledScript } from "../lib/bundled-script.js";
import { PooledSandbox } from "./pooled-sandbox.js";
import { defaultSandboxLimits, QuickJsSandbox } from "./quickjs-sandbox.js";
import { SandboxWorkerPool } from "./worker-pool.js";

export { QuickJsSandbox, defaultSandboxLimits, type SandboxLimits } from "./quickjs-sandbox.js";
export { PooledSandbox } from "./pooled-sandbox.js";
export { SandboxWorkerPool, type WorkerPoolOptions } from "./worker-pool.js";
export { evaluateArithmetic } from "./arithmetic.js";

/** The worker's script (scripts/build.mjs). */
export const bundledWorkerUrl = (): URL => bundledScript("sandbox-worker", import.meta.url);

/**
 * The sandbox that runs bot-authored code (QuickJS in WebAssembly), in `sandboxWorkers` worker
 * threads (0: on the server's own thread). `fetch` in bot code goes through `http` (the engine's HTTP
 * port, address guard included) on this thread; without it, fetch throws "fetch is not available".
 */
export function createSandboxPort(
  config: Pick<Config, "sandboxTimeoutMs" | "sandboxMemoryMb" | "sandboxWorkers"> & {
    limits?: Pick<Config["limits"], "sandboxValueBytes">;
  },
  http?: HttpPort,
  workerUrl: URL = bundledWorkerUrl(),
): PooledSandbox {
  const limits = {
    ...defaultSandboxLimits,
    timeoutMs: config.sandboxTimeoutMs,
    memoryBytes: Math.round(config.sandboxMemoryMb * 1024 * 1024),
    maxValueBytes: config.limits?.sandboxValueBytes ?? defaultSandboxLimits.maxValueBytes,
  };
  const fetch = http ? (request: Parameters<HttpPort["request"]>[0]) => http.request(request) : undefined;
  const pool =
    config.sandboxWorkers > 0
      ? new SandboxWorkerPool({ workerUrl, size: config.sandboxWorkers, limits, ...(fetch ? { http: fetch } : {}) })
      : undefined;
  // In-process runs (inline `{{= =}}` read on the spot, or every run without workers) keep fetch, as before.
  return new PooledSandbox(new QuickJsSandbox(limits, fetch), pool);
}

/** Stops the sandbox's workers, if it has any (the server's close path). */
export async function closeSandboxPort(port: SandboxPort | undefined): Promise<void> {
  if (port instanceof PooledSandbox) await port.close();
}
