import type { SandboxPort, SandboxResult } from "../engine/ports.js";
import { evaluateArithmetic } from "./arithmetic.js";
import type { QuickJsSandbox } from "./quickjs-sandbox.js";
import type { SandboxWorkerPool } from "./worker-pool.js";
import type { RunRequest } from "./worker-protocol.js";

/**
 * The server's sandbox: plain arithmetic is computed at once, other code runs in the worker pool (or
 * in-process without one, PARLEY_SANDBOX_WORKERS=0), inline `{{= =}}` included. Nothing here evaluates
 * bot code synchronously: with workers, the server's thread never runs it.
 */
export class PooledSandbox implements SandboxPort {
  constructor(
    private readonly inProcess: QuickJsSandbox,
    private readonly pool?: SandboxWorkerPool,
  ) {}

  run(request: RunRequest): Promise<SandboxResult> {
    if (request.kind !== "script") {
      const value = evaluateArithmetic(request.code, request.globals);
      if (value !== undefined) return Promise.resolve({ ok: true, value, setVariables: [] });
    }
    return this.pool ? this.pool.run(request) : this.inProcess.run(request);
  }

  /** Worker threads alive (0 without a pool), for tests and monitoring. */
  workers(): number {
    return this.pool?.stats().workers ?? 0;
  }

  /** Stops the workers; runs still going end as failed. */
  async close(): Promise<void> {
    await this.pool?.close();
  }
}
