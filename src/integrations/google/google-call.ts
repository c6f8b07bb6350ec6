import type { GoogleFailure } from "../../engine/ports.js";

const GOOGLE_TIMEOUT_MS = 15_000;
/** Google's answers that Parley reads (values of a sheet included) stay below this. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

export type GoogleCall = {
  url: string;
  method: "GET" | "POST" | "PUT";
  accessToken?: string;
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the token endpoint). */
  form?: Record<string, string>;
};

/**
 * One call to a Google endpoint through the guarded fetch. An answer that is not 2xx becomes a failure
 * carrying Google's own message (`error.message`, or OAuth's `error_description`).
 */
export async function callGoogle(
  guardedFetch: typeof fetch,
  call: GoogleCall,
): Promise<{ ok: true; data: unknown } | GoogleFailure> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
  let body: string | undefined;
  if (call.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  }
  let response: Response;
  let text: string;
  try {
    response = await guardedFetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    return {
      ok: false,
      error: `Google could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (text.length > MAX_ANSWER_BYTES) return { ok: false, error: "Google's answer is too large" };
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: kept as text for the message below.
  }
  if (response.ok) return { ok: true, data };
  return { ok: false, status: response.status, error: googleMessage(data) ?? `Google answered ${response.status}` };
}

function googleMessage(data: unknown): string | undefined {
  if (typeof data === "string") return data.trim().slice(0, 500) || undefined;
  if (!data || typeof data !== "object") return undefined;
  const { error, error_description: description } = data as { error?: unknown; error_description?: unknown };
  if (typeof description === "string") return description;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return typeof error === "string" ? error : undefined;
}

/** The response's body, or undefined once it grows past `limit` bytes (the rest is not downloaded). */
export async function readLimited(response: Response, limit: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the download.
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
