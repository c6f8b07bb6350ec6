import { APICallError, RetryError } from "ai";
import type { AiFailure } from "../../engine/ports.js";
import { RequestRefusedError } from "../http/guarded-request.js";

/** Provider answers are logged, not echoed whole: long HTML error pages are cut. */
const MAX_DETAILS = 1000;

/**
 * What a failed provider call becomes: "<Provider> API error - <status>" with the provider's answer
 * as details, or a timeout / refused address / malformed answer. Never a stack trace.
 */
export function aiFailure(label: string, error: unknown, signal?: AbortSignal): AiFailure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (signal?.aborted || isAbort(cause))
    return {
      ok: false,
      error: `${label} API error - timeout`,
      details: "The model did not answer before the turn's deadline",
    };
  if (hasStatus(cause) && cause.statusCode >= 400)
    return {
      ok: false,
      error: `${label} API error - ${cause.statusCode}`,
      status: cause.statusCode,
      details: (cause.responseBody || cause.message).slice(0, MAX_DETAILS),
    };
  if (APICallError.isInstance(cause) && cause.statusCode === undefined) {
    const reason = (cause.cause as Error | undefined) ?? cause;
    if (reason instanceof RequestRefusedError || isAbort(reason))
      return {
        ok: false,
        error: `${label} API error - ${isAbort(reason) ? "timeout" : "refused"}`,
        details: reason.message,
      };
    return { ok: false, error: `${label} API error - request failed`, details: reason.message.slice(0, MAX_DETAILS) };
  }
  if (cause instanceof RequestRefusedError)
    return { ok: false, error: `${label} API error - refused`, details: cause.message };
  const message = cause instanceof Error ? cause.message : String(cause);
  return { ok: false, error: `${label} API error - malformed answer`, details: message.slice(0, MAX_DETAILS) };
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");

/** The AI SDK's call errors and the hand-written Assistants calls' carry the provider's answer. */
const hasStatus = (error: unknown): error is Error & { statusCode: number; responseBody?: string } =>
  error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === "number";
