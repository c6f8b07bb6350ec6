/** Longest single wait on a Retry-After header; a longer one is not waited for. */
const MAX_RETRY_WAIT_MS = 30_000;

/**
 * A fetch for one provider call: a 429 carrying `Retry-After` is tried again after that wait, as long
 * as the wait ends before `deadline`; any other answer is the caller's.
 */
export function retryingFetch(base: typeof fetch, deadline: number): typeof fetch {
  return async (input, init) => {
    for (;;) {
      const response = await base(input, init);
      if (response.status !== 429) return response;
      const wait = retryAfterMs(response.headers.get("retry-after"));
      if (wait === undefined || wait > MAX_RETRY_WAIT_MS || Date.now() + wait >= deadline) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (init?.signal?.aborted) return response;
    }
  };
}

/** Seconds, or an HTTP date. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
