import type { HttpPort, SandboxPort } from "../../engine/ports.js";
import { AppError } from "../../errors.js";
import type { PooledSandbox } from "../../sandbox/index.js";
import type { SandboxFactory } from "./run-bot-tests.js";

export type BotTestRunSlotsOptions = {
  /** Runs at once; each slot keeps one sandbox (one worker thread at most). */
  size: number;
  /** The longest one run may take. */
  timeoutMs: number;
  /** A slot's sandbox; its fetch goes to the given port, which follows the slot's current run. */
  createSandbox: (http: HttpPort) => PooledSandbox;
};

type Slot = { busy: boolean; sandbox?: PooledSandbox; http?: HttpPort };

export const botTestRunTimeoutMessage = (timeoutMs: number) =>
  `The test run took longer than ${Number((timeoutMs / 1000).toFixed(3))} seconds and was stopped`;
const STOPPED = "The test run was stopped";

/**
 * The server's runs of bots' tests: at most `size` at once, each in a slot that keeps its sandbox
 * worker from one run to the next, so that requests cannot start workers. A run that reaches its
 * deadline, or whose client went away, has its worker terminated; the slot starts a new one when next
 * used. Past the last free slot a request is refused at once (429) rather than queued: a queued run
 * would hold its connection for up to a whole run's time.
 */
export class BotTestRunSlots {
  private readonly slots: Slot[];
  private replacements = 0;

  constructor(private readonly options: BotTestRunSlotsOptions) {
    this.slots = Array.from({ length: options.size }, () => ({ busy: false }));
  }

  /** For tests and monitoring: runs under way, sandbox workers alive, workers terminated by a stop. */
  stats(): { busy: number; workers: number; replacements: number } {
    return {
      busy: this.slots.filter((slot) => slot.busy).length,
      workers: this.slots.reduce((sum, slot) => sum + (slot.sandbox?.workers() ?? 0), 0),
      replacements: this.replacements,
    };
  }

  /**
   * Runs `work` in a free slot, or refuses. `work` gets the sandbox factory and a signal that aborts
   * at the deadline or when `clientGone` does; it should stop between turns when it sees it.
   */
  async run<T>(
    clientGone: AbortSignal | undefined,
    work: (createSandbox: SandboxFactory, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const slot = this.slots.find((candidate) => !candidate.busy);
    if (!slot) {
      // Most runs take a few seconds; the deadline bounds how long the slots stay taken.
      const retryAfterSeconds = Math.max(1, Math.min(5, Math.ceil(this.options.timeoutMs / 1000)));
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `Too many test runs at once: at most ${this.options.size} run on this server. Retry in ${retryAfterSeconds} seconds.`,
        { headers: { "retry-after": String(retryAfterSeconds) } },
      );
    }
    slot.busy = true;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new AppError("TIMEOUT", botTestRunTimeoutMessage(this.options.timeoutMs))),
      this.options.timeoutMs,
    );
    const onClientGone = () => controller.abort(new AppError("TIMEOUT", "The client closed the request"));
    if (clientGone?.aborted) onClientGone();
    clientGone?.addEventListener("abort", onClientGone, { once: true });
    const stopped = new Promise<never>((_, reject) => {
      if (controller.signal.aborted) reject(controller.signal.reason);
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    const signal = controller.signal;
    const sandboxFor: SandboxFactory = (http) => {
      slot.http = http;
      return this.guarded(slot, signal);
    };
    const running = work(sandboxFor, signal);
    // A stopped run may still end (or fail) in the background; nobody is waiting for it.
    running.catch(() => undefined);
    try {
      return await Promise.race([running, stopped]);
    } finally {
      clearTimeout(timer);
      clientGone?.removeEventListener("abort", onClientGone);
      if (signal.aborted) await this.replaceWorker(slot);
      slot.http = undefined;
      slot.busy = false;
    }
  }

  /** The run's view of the slot's sandbox: nothing more runs once the run was stopped. */
  private guarded(slot: Slot, signal: AbortSignal): SandboxPort {
    return {
      run: async (request) => {
        if (signal.aborted) return { ok: false, error: STOPPED };
        slot.sandbox ??= this.options.createSandbox({
          request: (httpRequest) =>
            slot.http
              ? slot.http.request(httpRequest)
              : Promise.resolve({ statusCode: 500, data: undefined, error: { kind: "failed", message: STOPPED } }),
        });
        return slot.sandbox.run(request);
      },
    };
  }

  /** Terminates the slot's worker (its code may still be computing); the next run starts a new one. */
  private async replaceWorker(slot: Slot): Promise<void> {
    const sandbox = slot.sandbox;
    slot.sandbox = undefined;
    if (!sandbox) return;
    if (sandbox.workers() > 0) this.replacements++;
    await sandbox.close();
  }

  /** Terminates every slot's worker (the server's close path). */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.replaceWorker(slot)));
  }
}
