import { setTimeout as sleep } from "node:timers/promises";

/** A messaging app refused a call (after retries): its status and what it said. */
export class ChannelApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 250;
/** An app asking to wait longer than this is not waited for: the turn would hold the contact too long. */
const LONGEST_WAIT_MS = 10_000;
const CALL_TIMEOUT_MS = 15_000;

const retryable = (status: number) => status === 429 || status >= 500;

/** The wait an app asks for: the Retry-After header, or Telegram's `parameters.retry_after` (seconds). */
function askedWaitMs(response: Response, body: unknown): number | undefined {
  const header = Number(response.headers.get("retry-after"));
  if (Number.isFinite(header) && response.headers.has("retry-after")) return header * 1000;
  const seconds = (body as { parameters?: { retry_after?: unknown } } | undefined)?.parameters?.retry_after;
  return typeof seconds === "number" ? seconds * 1000 : undefined;
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return text.slice(0, 500);
  }
}

/**
 * Calls a messaging app's API: 429 and 5xx answers (and network failures) are retried with growing
 * back-off, or after the wait the app asks for; anything else, or the last failure, is a ChannelApiError.
 */
export async function callChannelApi(
  url: string,
  init: RequestInit,
  describe: (body: unknown) => string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ response: Response; body: unknown }> {
  let lastError: ChannelApiError | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      lastError = new ChannelApiError(`The app could not be reached: ${(error as Error).message}`, 0);
      continue;
    }
    if (response.ok) return { response, body: undefined };
    const body = await jsonOf(response);
    lastError = new ChannelApiError(describe(body), response.status, body);
    if (!retryable(response.status)) throw lastError;
    const asked = askedWaitMs(response, body);
    if (asked !== undefined) {
      if (asked > LONGEST_WAIT_MS) throw lastError;
      await sleep(asked);
    }
  }
  throw lastError ?? new ChannelApiError("The app did not answer", 0);
}

/** The JSON answer of a successful call. */
export async function callChannelApiJson(
  url: string,
  init: RequestInit,
  describe: (body: unknown) => string,
  fetchImpl?: typeof fetch,
): Promise<unknown> {
  const { response } = await callChannelApi(url, init, describe, fetchImpl);
  return jsonOf(response);
}
