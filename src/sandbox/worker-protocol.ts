import type { HttpRequest, HttpResponse, SandboxPort, SandboxResult } from "../engine/ports.js";
import { MAX_DEPTH } from "./guest-values.js";
import type { SandboxLimits } from "./quickjs-sandbox.js";

/** Messages between the pool (main thread) and a sandbox worker. Runs and fetches carry ids. */
export type WorkerData = { limits: SandboxLimits };

export type RunRequest = Parameters<SandboxPort["run"]>[0];

export type ToWorker =
  | { type: "run"; id: number; request: RunRequest; deadline: number; allowFetch: boolean }
  /** The answer to a fetch: the HTTP port's response, or why the port itself failed. */
  | { type: "fetched"; id: number; fetchId: number; response: HttpResponse }
  | { type: "fetched"; id: number; fetchId: number; failure: string };

export type FromWorker =
  | { type: "ready" }
  | { type: "fetch"; id: number; fetchId: number; request: HttpRequest }
  /** The run computes nothing until a fetch answers; `received`: how many answers it had by then. */
  | { type: "parked"; id: number; received: number }
  | { type: "done"; id: number; result: SandboxResult };

/**
 * A copy of `value` holding only what the guest could receive (see GuestValues.toGuest), so that it
 * survives being posted to a worker and reads there exactly as it would have in-process: functions,
 * symbols and class instances become `undefined` instead of failing or turning into plain objects.
 */
export function plainData(value: unknown, depth = 0): unknown {
  if (value === undefined || depth > MAX_DEPTH) return undefined;
  if (value === null || typeof value !== "object")
    return typeof value === "function" || typeof value === "symbol" ? undefined : value;
  // Posted as it is: the worker turns it into text (or fails on an invalid date) the same way.
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => plainData(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(copy, key, {
      value: plainData(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}
