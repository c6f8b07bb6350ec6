/** How long to wait between attempts and when to give up (the outbox: 24 hours). */
export type RetryPolicy = { baseMs: number; maxMs: number; giveUpAfterMs: number };

/**
 * When to try again after `attempts` failed attempts: exponential back-off capped at `maxMs`, with
 * "equal jitter" (half the delay fixed, half random) so that items that failed together do not all
 * come back together. Undefined once the next try would fall past `giveUpAfterMs` from the first.
 */
export function nextRetryAt(
  policy: RetryPolicy,
  attempts: number,
  firstAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | undefined {
  const backOff = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const at = new Date(now.getTime() + backOff / 2 + (random() * backOff) / 2);
  return at.getTime() - firstAt.getTime() > policy.giveUpAfterMs ? undefined : at;
}
