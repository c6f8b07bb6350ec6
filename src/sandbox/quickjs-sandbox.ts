import {
  newQuickJSWASMModule,
  RELEASE_SYNC,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from "quickjs-emscripten";
import type { SandboxPort, SandboxResult } from "../engine/ports.js";
import { GuestApi, type SandboxHttp } from "./guest-api.js";
import { formatBytes, GuestValues, ValueTooLargeError } from "./guest-values.js";
import { Slots } from "./slots.js";

export type SandboxLimits = {
  /** Wall time one run may take, awaited fetches included. */
  timeoutMs: number;
  /** Heap of one run (its own QuickJS runtime). */
  memoryBytes: number;
  /**
   * Interpreter stack of one run. QuickJS frames also use the host's native stack, which is about
   * 1 MB in Node: 256 KB of interpreter stack stays well inside it, so deep recursion ends as a
   * catchable "stack overflow" inside the guest.
   */
  stackBytes: number;
  /** Runs alive at once (only runs awaiting a fetch overlap); further runs queue. In the pool: per worker. */
  maxConcurrentRuns: number;
  /**
   * The largest value (UTF-8 text, or JSON for lists and objects) a run may hand out, as its result or
   * through setVariable; a larger one fails the run (PARLEY_SANDBOX_MAX_VALUE_BYTES).
   */
  maxValueBytes: number;
};

export const defaultSandboxLimits: SandboxLimits = {
  timeoutMs: 2000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxConcurrentRuns: 8,
  maxValueBytes: 1024 * 1024,
};

/** What a pool worker adds to a run (./sandbox-worker.ts); a direct caller needs none of it. */
export type RunOptions = {
  /** When the run must end (epoch ms), set by whoever started the clock; default: `timeoutMs` from now. */
  deadline?: number;
  /** This run's `fetch`, instead of the sandbox's. */
  http?: SandboxHttp;
  /** Called each time the run stops computing to wait for host work (a fetch). */
  onWait?: () => void;
};

type Fault = { ok: false; error: string };
type OpenRun = {
  vm: QuickJSContext;
  rt: QuickJSRuntime;
  values: GuestValues;
  api: GuestApi;
  deadline: number;
  /** Releases the run; after a host fault its runtime is abandoned with the module, not disposed. */
  close(afterHostFault?: boolean): void;
};

/**
 * Bot code in QuickJS compiled to WebAssembly: its own heap, no host objects, no module loader. The
 * WebAssembly module is loaded once; every run gets a fresh runtime and context, disposed right after,
 * so nothing leaks from one chat to another and memory returns to the module's free lists.
 *
 * Guest code runs on the thread that calls it (only awaited fetches overlap): a run that computes holds
 * that thread for at most `timeoutMs`, after which the interrupt handler ends it. The server calls it
 * from worker threads (./worker-pool.ts); on its own thread only when configured without workers.
 */
export class QuickJsSandbox implements SandboxPort {
  private module: QuickJSWASMModule | undefined;
  private loading: Promise<QuickJSWASMModule> | undefined;
  private readonly slots: Slots;
  private liveRuntimes = 0;
  private replacements = 0;

  constructor(
    private readonly limits: SandboxLimits = defaultSandboxLimits,
    private readonly http?: SandboxHttp,
  ) {
    this.slots = new Slots(limits.maxConcurrentRuns);
    // Loaded at once so that the first chat does not wait for it.
    void this.load().catch(() => undefined);
  }

  /** Resolves when the WebAssembly module is loaded. */
  async ready(): Promise<void> {
    await this.load();
  }

  /** For tests and monitoring: runtimes alive now, and how often a broken module was replaced. */
  stats(): { liveRuntimes: number; moduleReplacements: number } {
    return { liveRuntimes: this.liveRuntimes, moduleReplacements: this.replacements };
  }

  async run(request: Parameters<SandboxPort["run"]>[0], options: RunOptions = {}): Promise<SandboxResult> {
    let module: QuickJSWASMModule;
    try {
      module = await this.load();
    } catch (error) {
      return { ok: false, error: `The code sandbox could not start: ${errorMessage(error)}` };
    }
    // Inline code cannot wait for anything: it runs to its end at once, so it needs no slot.
    if (request.kind === "inline") {
      const result = this.evaluateInline(module, request, options);
      return result.ok ? { ...result, setVariables: [] } : result;
    }
    await this.slots.acquire();
    try {
      return await this.execute(module, request, options);
    } finally {
      this.slots.release();
    }
  }

  /** Inline code: an expression or function body run to its end, nothing awaited, no fetch. */
  private evaluateInline(
    module: QuickJSWASMModule,
    request: { code: string; globals: Record<string, unknown> },
    options: Pick<RunOptions, "deadline">,
  ): { ok: true; value: unknown } | Fault {
    let run: OpenRun | undefined;
    let broken = false;
    try {
      run = this.open(module, request.globals, false, options);
      const { vm, rt } = run;
      const result = vm.evalCode(`(function () {\n${asFunctionBody(request.code)}\n})()`, "inline.js");
      if (result.error) return this.fault(run, result.error);
      try {
        const jobs = rt.executePendingJobs();
        if (jobs.error) return this.fault(run, jobs.error);
        const state = vm.getPromiseState(result.value);
        if (state.type === "pending") return { ok: false, error: "Inline code cannot wait for a promise" };
        if (state.type === "rejected") return this.fault(run, state.error);
        const value = run.values.fromGuest(state.value, this.limits.maxValueBytes);
        if (state.value !== result.value) state.value.dispose();
        return this.pastDeadline(run) ? { ok: false, error: this.timeoutMessage() } : { ok: true, value };
      } finally {
        result.value.dispose();
      }
    } catch (error) {
      if (error instanceof ValueTooLargeError) return this.tooLarge();
      broken = true;
      return this.hostFault(module, error);
    } finally {
      run?.close(broken);
    }
  }

  private async execute(
    module: QuickJSWASMModule,
    request: Parameters<SandboxPort["run"]>[0],
    options: RunOptions,
  ): Promise<SandboxResult> {
    let run: OpenRun | undefined;
    let broken = false;
    try {
      run = this.open(module, request.globals, true, options);
      const { vm, rt, values, api } = run;
      const body = request.kind === "expression" ? asFunctionBody(request.code) : request.code;
      const result = vm.evalCode(`(async function () {\n${body}\n})()`, "bot.js");
      if (result.error) return this.fault(run, result.error);
      const promise = result.value;
      try {
        for (;;) {
          const jobs = rt.executePendingJobs();
          // Errors inside async code reject the promise; what stops the job queue is a limit (time, memory).
          if (jobs.error) return this.fault(run, jobs.error);
          const state = vm.getPromiseState(promise);
          if (state.type === "rejected") return this.fault(run, state.error);
          if (state.type === "fulfilled") {
            const value = values.fromGuest(state.value, this.limits.maxValueBytes);
            if (state.value !== promise) state.value.dispose();
            // Reading the value may run guest code (toJSON, getters) that the deadline cut short.
            if (this.pastDeadline(run)) return { ok: false, error: this.timeoutMessage() };
            return {
              ok: true,
              value,
              setVariables: [...api.setVariables].map(([name, item]) => ({ name, value: item })),
            };
          }
          if (this.pastDeadline(run)) return { ok: false, error: this.timeoutMessage() };
          if (!api.hasPendingHostWork) return { ok: false, error: "The code waits for a promise that never settles" };
          if (!(await api.waitForHostWork(options.onWait))) return { ok: false, error: this.timeoutMessage() };
          api.applySettled();
        }
      } finally {
        promise.dispose();
      }
    } catch (error) {
      if (error instanceof ValueTooLargeError) return this.tooLarge();
      broken = true;
      return this.hostFault(module, error);
    } finally {
      run?.close(broken);
    }
  }

  private open(
    module: QuickJSWASMModule,
    globals: Record<string, unknown>,
    allowFetch: boolean,
    options: RunOptions,
  ): OpenRun {
    const deadline = options.deadline ?? Date.now() + this.limits.timeoutMs;
    const rt = module.newRuntime();
    this.liveRuntimes++;
    let vm: OpenRun["vm"] | undefined;
    let values: GuestValues | undefined;
    let api: GuestApi | undefined;
    const close = (afterHostFault = false) => {
      if (afterHostFault) {
        this.liveRuntimes--;
        return;
      }
      try {
        api?.dispose();
        values?.dispose();
        vm?.dispose();
        rt.dispose();
      } catch {
        this.discardModule(module);
      } finally {
        this.liveRuntimes--;
      }
    };
    try {
      rt.setMemoryLimit(this.limits.memoryBytes);
      rt.setMaxStackSize(this.limits.stackBytes);
      rt.setInterruptHandler(() => Date.now() > deadline);
      vm = rt.newContext();
      values = new GuestValues(vm);
      api = new GuestApi(vm, values, {
        http: options.http ?? this.http,
        deadline,
        maxCollectedBytes: this.limits.memoryBytes,
        maxValueBytes: this.limits.maxValueBytes,
        allowFetch,
      });
      api.install(globals);
      return { vm, rt, values, api, deadline, close };
    } catch (error) {
      close();
      throw error;
    }
  }

  /** The bot's own fault, as a log line. Takes `error`. */
  private fault(run: OpenRun, error: QuickJSHandle): Fault {
    try {
      const { name, message } = run.values.describeError(error, this.limits.maxValueBytes);
      // Past the deadline every guest operation fails (reading the error too), whatever it reports.
      if (this.pastDeadline(run) || (name === "InternalError" && message === "interrupted"))
        return { ok: false, error: this.timeoutMessage() };
      if (message === "out of memory")
        return {
          ok: false,
          error: `Out of memory: the code used more than ${Math.round(this.limits.memoryBytes / 1024 / 1024)} MB`,
        };
      return { ok: false, error: name ? `${name}: ${message}` : message };
    } finally {
      error.dispose();
    }
  }

  /**
   * The interpreter itself failed (the host's native stack ran out under a deeply nested value,
   * say). The module may be left in a broken state, so it is replaced for the runs that follow.
   */
  private hostFault(module: QuickJSWASMModule, error: unknown): Fault {
    this.discardModule(module);
    if (error instanceof RangeError && /call stack/i.test(error.message))
      return { ok: false, error: "InternalError: stack overflow (the code nests too deeply)" };
    return { ok: false, error: `The code could not be run: ${errorMessage(error)}` };
  }

  private tooLarge(): Fault {
    return {
      ok: false,
      error: `Value too large: the code returned more than ${formatBytes(this.limits.maxValueBytes)}; it was not kept`,
    };
  }

  private pastDeadline(run: OpenRun): boolean {
    return Date.now() > run.deadline;
  }

  private timeoutMessage(): string {
    return `Timed out: the code ran for more than ${this.limits.timeoutMs} ms`;
  }

  private discardModule(module: QuickJSWASMModule): void {
    if (this.module !== module) return;
    this.module = undefined;
    this.loading = undefined;
    this.replacements++;
    void this.load().catch(() => undefined);
  }

  private load(): Promise<QuickJSWASMModule> {
    if (this.module) return Promise.resolve(this.module);
    if (!this.loading) {
      const loading = newQuickJSWASMModule(RELEASE_SYNC).then((module) => {
        if (this.loading === loading) this.module = module;
        return module;
      });
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }
}

/** An expression becomes a function body by returning it, unless it already returns something. */
function asFunctionBody(code: string): string {
  return code.includes("return ") ? code : `return ${code}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
