import type { SandboxPort, SandboxResult } from "../engine/ports.js";
import { evaluateArithmetic } from "./arithmetic.js";
import type { QuickJsSandbox } from "./quickjs-sandbox.js";
import type { SandboxWorkerPool } from "./worker-pool.js";
import type { RunRequest } from "./worker-protocol.js";

/**
 * The server's sandbox: plain arithmetic is computed at once, other code runs in the worker pool (or
 * in-process without one), inline `{{= =}}` evaluated ahead included. `evaluateSync` serves the inline
 * code that must be read on the spot, in-process, bounded by the same interrupt handler.
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

  evaluateSync(request: {
    code: string;
    globals: Record<string, unknown>;
  }): { ok: true; value: unknown } | { ok: false; error: string } {
    const value = evaluateArithmetic(request.code, request.globals);
    return value === undefined ? this.inProcess.evaluateSync(request) : { ok: true, value };
  }

  /** Stops the workers; runs still going end as failed. */
  async close(): Promise<void> {
    await this.pool?.close();
  }
}
