import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from "quickjs-emscripten";
import type { HttpPort } from "../engine/ports.js";
import { formatBytes, ValueTooLargeError, type GuestValues } from "./guest-values.js";

/** The HTTP client bot code reaches through `fetch`, address guard included. */
export type SandboxHttp = HttpPort["request"];

// A loop of fetch calls must not turn one chat into a flood of outgoing requests.
export const MAX_FETCHES_PER_RUN = 10;

type Settlement = {
  deferred: QuickJSDeferredPromise;
  outcome: { ok: true; text: string } | { ok: false; message: string };
};

/**
 * What bot code may call besides the language itself: `setVariable`, a guarded `fetch` and a silent
 * `console`. Host work (fetch) settles outside the guest; the run loop hands the results back in with
 * `applySettled`, so guest code only ever runs inside the loop's guarded section.
 */
export class GuestApi {
  readonly setVariables = new Map<string, unknown>();
  private collectedBytes = 0;
  private fetches = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly settled: Settlement[] = [];
  private readonly deferreds = new Set<QuickJSDeferredPromise>();

  constructor(
    private readonly vm: QuickJSContext,
    private readonly values: GuestValues,
    private readonly options: {
      http?: SandboxHttp;
      deadline: number;
      maxCollectedBytes: number;
      maxValueBytes: number;
      allowFetch: boolean;
    },
  ) {}

  install(globals: Record<string, unknown>): void {
    const { vm, values } = this;
    // Variable ids first, so that the sandbox's own functions cannot be shadowed by a variable id.
    for (const [id, value] of Object.entries(globals)) values.define(vm.global, id, values.toGuest(value));
    values.define(
      vm.global,
      "setVariable",
      vm.newFunction("setVariable", (name, value) => this.setVariable(name, value)),
    );
    values.define(
      vm.global,
      "fetch",
      vm.newFunction("fetch", (url, init) => this.fetch(url, init)),
    );
    const console = vm.newObject();
    for (const level of ["log", "info", "warn", "error", "debug"])
      values.define(
        console,
        level,
        vm.newFunction(level, () => undefined),
      );
    values.define(vm.global, "console", console);
  }

  get hasPendingHostWork(): boolean {
    return this.inFlight.size > 0 || this.settled.length > 0;
  }

  /** Waits until a fetch settles or the deadline passes; false on the deadline. `onWait`: it does wait. */
  async waitForHostWork(onWait?: () => void): Promise<boolean> {
    if (this.settled.length > 0) return true;
    onWait?.();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, this.options.deadline - Date.now()));
    });
    try {
      return await Promise.race([Promise.race(this.inFlight).then(() => true as const), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves the guest promises whose host work is done. */
  applySettled(): void {
    for (const { deferred, outcome } of this.settled.splice(0)) {
      if (!deferred.alive) continue;
      const value = outcome.ok ? this.vm.newString(outcome.text) : this.vm.newError(outcome.message);
      try {
        if (outcome.ok) deferred.resolve(value);
        else deferred.reject(value);
      } catch {
        // Settling ran out of time or memory: the promise stays pending and the run loop reports why.
      } finally {
        value.dispose();
        this.deferreds.delete(deferred);
        deferred.dispose();
      }
    }
  }

  dispose(): void {
    for (const deferred of this.deferreds) deferred.dispose();
    this.deferreds.clear();
    this.settled.length = 0;
  }

  private setVariable(nameHandle: QuickJSHandle | undefined, valueHandle: QuickJSHandle | undefined) {
    const name = nameHandle ? String(this.values.fromGuest(nameHandle)) : "undefined";
    let value: unknown;
    try {
      value = valueHandle ? this.values.fromGuest(valueHandle, this.options.maxValueBytes) : undefined;
    } catch (error) {
      if (!(error instanceof ValueTooLargeError)) throw error;
      return {
        error: this.vm.newError(
          `setVariable: the value of ${name.slice(0, 100)} is larger than ${formatBytes(error.maxBytes)}`,
        ),
      };
    }
    // The guest heap is bounded; what it hands out must be too, or a loop could fill the server's.
    const replaced = this.setVariables.has(name) ? name.length + approximateSize(this.setVariables.get(name)) : 0;
    const collected = this.collectedBytes - replaced + name.length + approximateSize(value);
    if (collected > this.options.maxCollectedBytes)
      return { error: this.vm.newError("setVariable: too much data was set from this code") };
    this.collectedBytes = collected;
    this.setVariables.set(name, value);
    return undefined;
  }

  private fetch(urlHandle: QuickJSHandle | undefined, initHandle: QuickJSHandle | undefined) {
    const { http, allowFetch } = this.options;
    if (!http || !allowFetch) return { error: this.vm.newError("fetch is not available") };
    if (++this.fetches > MAX_FETCHES_PER_RUN)
      return { error: this.vm.newError(`fetch may be called at most ${MAX_FETCHES_PER_RUN} times`) };
    const url = urlHandle ? String(this.values.fromGuest(urlHandle)) : "";
    const init = (initHandle ? this.values.fromGuest(initHandle) : undefined) as
      | { method?: unknown; headers?: unknown; body?: unknown }
      | undefined;
    const deferred = this.vm.newPromise();
    this.deferreds.add(deferred);
    const request = http({
      url,
      method: typeof init?.method === "string" ? init.method.toUpperCase() : "GET",
      headers: stringRecord(init?.headers),
      ...(init?.body === undefined || init.body === null
        ? {}
        : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
      timeoutMs: Math.max(1, this.options.deadline - Date.now()),
    }).then(
      (response) => {
        if (response.error) return { ok: false as const, message: `fetch failed: ${response.error.message}` };
        const text = typeof response.data === "string" ? response.data : (JSON.stringify(response.data) ?? "");
        // The text is copied into the guest heap, which could not hold it anyway.
        if (text.length * 2 > this.options.maxCollectedBytes)
          return { ok: false as const, message: "fetch failed: the response is too large" };
        return { ok: true as const, text };
      },
      (error: unknown) => ({
        ok: false as const,
        message: `fetch failed: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
    const tracked: Promise<void> = request.then((outcome) => {
      this.inFlight.delete(tracked);
      this.settled.push({ deferred, outcome });
    });
    this.inFlight.add(tracked);
    // Returned to the guest, which now shares ownership; our copy is released when it settles.
    return deferred.handle.dup();
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
}

function approximateSize(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "string") return value.length * 2;
  return (JSON.stringify(value)?.length ?? 0) * 2;
}
