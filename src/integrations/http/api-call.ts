import type { AiFailure } from "../../engine/ports.js";
import { RequestRefusedError } from "./guarded-request.js";

/** An outside API that has not answered after this long is given up. */
export const API_CALL_TIMEOUT_MS = 60_000;
/** Services' error pages are logged, not kept whole. */
const MAX_DETAILS = 1000;

/**
 * One call to a plug-in's API through the address guard (`guardedFetch`): the response when the service
 * answered 2xx, else the failure as the block's log reads it: "<Service> API error - <status>" with the
 * answer as details, or a timeout, a refused address, a request that failed. Never throws.
 */
export async function callApi(
  guardedFetch: typeof fetch,
  label: string,
  url: string,
  init: RequestInit & { timeoutMs?: number; deadline?: number },
): Promise<{ ok: true; response: Response } | AiFailure> {
  const { timeoutMs = API_CALL_TIMEOUT_MS, deadline, ...request } = init;
  // The chat turn's deadline, when it comes first, ends the call.
  const signal = AbortSignal.timeout(Math.max(0, Math.min(timeoutMs, (deadline ?? Infinity) - Date.now())));
  let response: Response;
  try {
    response = await guardedFetch(url, { ...request, signal });
  } catch (error) {
    return apiFailure(label, error);
  }
  if (response.ok) return { ok: true, response };
  const body = await response.text().catch(() => "");
  return {
    ok: false,
    error: `${label} API error - ${response.status}`,
    status: response.status,
    details: (body || response.statusText).slice(0, MAX_DETAILS),
  };
}

/** A call that threw (no answer, or an answer cut short) as the block's log reads it. */
export function apiFailure(label: string, error: unknown): AiFailure {
  if (error instanceof RequestRefusedError)
    return { ok: false, error: `${label} API error - refused`, details: error.message };
  const reason = error instanceof Error ? error : new Error(String(error));
  if (reason.name === "TimeoutError" || reason.name === "AbortError")
    return { ok: false, error: `${label} API error - timeout`, details: `${label} did not answer in time` };
  return { ok: false, error: `${label} API error - request failed`, details: reason.message.slice(0, MAX_DETAILS) };
}

/** The body as bytes, refused past `maxBytes` (audio and images join the uploads, which have a limit). */
export async function readLimitedBytes(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The JSON of an answer, or the failure saying the service answered something else. */
export async function readJson(label: string, response: Response): Promise<{ ok: true; json: unknown } | AiFailure> {
  const text = await response.text();
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: `${label} API error - malformed answer`, details: text.slice(0, MAX_DETAILS) };
  }
}

/** A credential's own address (a self-hosted instance, a fake), else the service's; no trailing slash. */
export const serviceBaseUrl = (configured: string | undefined, fallback: string) =>
  (configured?.trim() || fallback).replace(/\/+$/, "");
