import { Worker } from "node:worker_threads";
import type { HttpRequest, SandboxResult } from "../engine/ports.js";
import { MAX_FETCHES_PER_RUN, type SandboxHttp } from "./guest-api.js";
import type { SandboxLimits } from "./quickjs-sandbox.js";
import { plainData, type FromWorker, type RunRequest, type ToWorker, type WorkerData } from "./worker-protocol.js";

export type WorkerPoolOptions = {
  /** The worker's script (./sandbox-worker.ts, bundled): see `bundledWorkerUrl`. */
  workerUrl: URL;
  /** Worker threads at most, each started when first needed. */
  size: number;
  limits: SandboxLimits;
  /** Bot code's `fetch`, called on this thread. Without it, fetch throws "fetch is not available". */
  http?: SandboxHttp;
  /** How long past its time limit a run's worker may stay silent before it is replaced. */
  graceMs?: number;
  /** Runs that may wait for a free worker; further runs fail at once. */
  maxQueued?: number;
};

type Waiting = { id: number; request: RunRequest; resolve(result: SandboxResult): void; timer?: NodeJS.Timeout };
type Running = Waiting & {
  deadline: number;
  watchdog: NodeJS.Timeout;
  parked: boolean;
  answered: number;
  fetches: number;
};
type Slot = { worker: Worker; ready: boolean; gone: boolean; runs: Map<number, Running> };

const CLOSED = "The code sandbox is closed";
/**
 * The native stack a worker's code may use, as on the main thread (V8's 984 KB; Node keeps 192 KB of
 * a worker's stack in reserve): QuickJS's own stack limit is sized for it (see SandboxLimits), and
 * code nesting too deeply for it fails the same way in a worker as in-process.
 */
const WORKER_STACK_MB = (984 + 192) / 1024;
const RESTARTED = "The code could not be run: its sandbox was restarted";

/**
 * Runs bot code in worker threads, so that code computing for its whole time limit holds a worker,
 * not the server. A worker takes a run when none of its runs computes (runs waiting for a fetch do
 * not count), up to `maxConcurrentRuns`; other runs wait in arrival order, at most `timeoutMs`.
 *
 * The worker ends each run at its deadline (QuickJS's interrupt handler). One that stays silent
 * `graceMs` longer is stuck outside guest code: it is terminated and replaced.
 */
export class SandboxWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private readonly graceMs: number;
  private readonly maxQueued: number;
  private nextId = 0;
  private closed = false;
  private replacements = 0;

  constructor(private readonly options: WorkerPoolOptions) {
    this.graceMs = options.graceMs ?? 500;
    this.maxQueued = options.maxQueued ?? 1000;
  }

  /** For tests and monitoring. */
  stats(): { workers: number; running: number; queued: number; replacements: number } {
    const running = this.slots.reduce((sum, slot) => sum + slot.runs.size, 0);
    return { workers: this.slots.length, running, queued: this.queue.length, replacements: this.replacements };
  }

  run(request: RunRequest): Promise<SandboxResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: CLOSED });
    if (this.queue.length >= this.maxQueued)
      return Promise.resolve({ ok: false, error: "The code sandbox is busy: too many runs are waiting" });
    // Copied here: what cannot cross to the worker reads as undefined there, as it would in-process.
    const globals = Object.fromEntries(Object.entries(request.globals).map(([id, value]) => [id, plainData(value)]));
    return new Promise((resolve) => {
      const waiting: Waiting = { id: this.nextId++, request: { ...request, globals }, resolve };
      const slot = this.queue.length === 0 ? this.freeSlot() : undefined;
      if (slot) return this.dispatch(slot, waiting);
      const { timeoutMs } = this.options.limits;
      waiting.timer = setTimeout(() => {
        const index = this.queue.indexOf(waiting);
        if (index < 0) return;
        this.queue.splice(index, 1);
        resolve({ ok: false, error: `The code sandbox is busy: no worker was free within ${timeoutMs} ms` });
      }, timeoutMs);
      this.queue.push(waiting);
      this.pump();
    });
  }

  /** Ends every run (as failed) and every worker; later runs fail at once. */
  async close(): Promise<void> {
    this.closed = true;
    this.failQueue(CLOSED);
    await Promise.all([...this.slots].map((slot) => this.discard(slot, () => CLOSED)));
  }

  private freeSlot(): Slot | undefined {
    return this.slots.find(
      (slot) =>
        slot.ready &&
        slot.runs.size < this.options.limits.maxConcurrentRuns &&
        ![...slot.runs.values()].some((run) => !run.parked),
    );
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) break;
      const waiting = this.queue.shift()!;
      clearTimeout(waiting.timer);
      this.dispatch(slot, waiting);
    }
    const starting = this.slots.filter((slot) => !slot.ready).length;
    if (!this.closed && this.queue.length > starting && this.slots.length < this.options.size) this.spawn();
  }

  private dispatch(slot: Slot, waiting: Waiting): void {
    const { timeoutMs } = this.options.limits;
    const deadline = Date.now() + timeoutMs;
    const watchdog = setTimeout(() => void this.replace(slot), timeoutMs + this.graceMs);
    const run: Running = { ...waiting, deadline, watchdog, parked: false, answered: 0, fetches: 0 };
    slot.runs.set(run.id, run);
    this.post(
      slot,
      { type: "run", id: run.id, request: run.request, deadline, allowFetch: this.options.http !== undefined },
      (error) => this.finish(slot, run, { ok: false, error: `The code could not be run: ${error}` }),
    );
  }

  private spawn(): void {
    const data: WorkerData = { limits: this.options.limits };
    let worker: Worker;
    try {
      worker = new Worker(this.options.workerUrl, {
        workerData: data,
        resourceLimits: { stackSizeMb: WORKER_STACK_MB },
      });
    } catch (error) {
      if (this.slots.length === 0)
        this.failQueue(`The code sandbox could not start: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Idle workers must not keep the process alive; a run in progress has its watchdog timer for that.
    worker.unref();
    const slot: Slot = { worker, ready: false, gone: false, runs: new Map() };
    this.slots.push(slot);
    worker.on("message", (message: FromWorker) => this.receive(slot, message));
    worker.on("error", (error) => this.lost(slot, error.message));
    worker.on("exit", (code) => this.lost(slot, `the sandbox worker stopped (exit code ${code})`));
  }

  private receive(slot: Slot, message: FromWorker): void {
    if (slot.gone) return;
    if (message.type === "ready") {
      slot.ready = true;
      this.pump();
      return;
    }
    const run = slot.runs.get(message.id);
    if (!run) return;
    if (message.type === "done") this.finish(slot, run, message.result);
    else if (message.type === "fetch") this.fetch(slot, run, message.fetchId, message.request);
    // An answer on its way would wake the run up again: it is not parked.
    else if (message.received === run.answered) {
      run.parked = true;
      this.pump();
    }
  }

  private finish(slot: Slot, run: Running, result: SandboxResult): void {
    if (slot.runs.get(run.id) !== run) return;
    slot.runs.delete(run.id);
    clearTimeout(run.watchdog);
    run.resolve(result);
    this.pump();
  }

  /** Bot code's fetch, through this thread's HTTP port (the worker counts too; this is the backstop). */
  private fetch(slot: Slot, run: Running, fetchId: number, request: HttpRequest): void {
    const { http } = this.options;
    const answer = (message: ToWorker) => {
      if (slot.runs.get(run.id) !== run) return;
      run.answered++;
      run.parked = false;
      this.post(slot, message, (error) =>
        this.post(slot, { type: "fetched", id: run.id, fetchId, failure: error }, () => undefined),
      );
    };
    if (!http || ++run.fetches > MAX_FETCHES_PER_RUN) {
      answer({ type: "fetched", id: run.id, fetchId, failure: "fetch is not available" });
      return;
    }
    http(request).then(
      (response) => answer({ type: "fetched", id: run.id, fetchId, response }),
      (error: unknown) =>
        answer({
          type: "fetched",
          id: run.id,
          fetchId,
          failure: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  /** Posts to the worker; `failed` hears why a message could not be copied. */
  private post(slot: Slot, message: ToWorker, failed: (error: string) => void): void {
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
    }
  }

  /** A worker that did not answer within a run's time limit and grace. */
  private async replace(slot: Slot): Promise<void> {
    if (slot.gone) return;
    this.replacements++;
    const { timeoutMs } = this.options.limits;
    const ending = this.discard(slot, (run) =>
      Date.now() > run.deadline ? `Timed out: the code ran for more than ${timeoutMs} ms` : RESTARTED,
    );
    if (!this.closed) this.spawn();
    this.pump();
    await ending;
  }

  /** A worker that failed or stopped by itself. */
  private lost(slot: Slot, reason: string): void {
    if (slot.gone) return;
    const started = slot.ready;
    void this.discard(slot, () => `The code could not be run: ${reason}`);
    if (started) {
      this.replacements++;
      if (!this.closed) this.spawn();
    } else if (this.slots.length === 0) {
      // The worker cannot even start (a missing script, say): trying again for every queued run would not help.
      this.failQueue(`The code sandbox could not start: ${reason}`);
    }
    this.pump();
  }

  private failQueue(error: string): void {
    for (const waiting of this.queue.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.resolve({ ok: false, error });
    }
  }

  /** Takes the worker out of the pool, ends its runs with `error` and terminates it. */
  private discard(slot: Slot, error: (run: Running) => string): Promise<unknown> {
    slot.gone = true;
    this.slots.splice(this.slots.indexOf(slot), 1);
    for (const run of slot.runs.values()) {
      clearTimeout(run.watchdog);
      run.resolve({ ok: false, error: error(run) });
    }
    slot.runs.clear();
    return slot.worker.terminate();
  }
}
