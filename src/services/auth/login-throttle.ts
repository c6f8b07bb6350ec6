/**
 * Failed sign-ins per key (the route uses address + e-mail). The first `freeFailures` (9) within
 * `windowMs` cost nothing; each one after that makes the key wait before its next attempt, twice as
 * long each time from `firstDelayMs` up to `windowMs`. A password then cannot be guessed at the speed
 * of the network, while the account itself is never locked: another address (another key) still
 * signs in at once. Counted per process (a few instances multiply the allowance, which stays small).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; lastAt: number; waitUntil: number }>();

  constructor(
    private readonly freeFailures = 9,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
    private readonly firstDelayMs = 30_000,
  ) {}

  /** Seconds to wait before trying again, or undefined when an attempt is allowed. */
  retryAfter(key: string): number | undefined {
    const entry = this.current(key, this.now());
    if (!entry || entry.waitUntil <= this.now()) return undefined;
    return Math.ceil((entry.waitUntil - this.now()) / 1000);
  }

  recordFailure(key: string): void {
    const now = this.now();
    this.prune(now);
    const entry = this.current(key, now) ?? { count: 0, lastAt: now, waitUntil: now };
    entry.count++;
    entry.lastAt = now;
    const over = entry.count - this.freeFailures;
    // 2^over grows past any window quickly: the exponent is capped before it can overflow.
    if (over > 0) entry.waitUntil = now + Math.min(this.windowMs, this.firstDelayMs * 2 ** Math.min(over - 1, 30));
    this.failures.set(key, entry);
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  /** The key's failures, unless a whole window has passed since the last one (then they are forgotten). */
  private current(key: string, now: number) {
    const entry = this.failures.get(key);
    if (entry && entry.lastAt + this.windowMs <= now && entry.waitUntil <= now) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps the map from growing with every address ever seen. */
  private prune(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, entry] of this.failures)
      if (entry.lastAt + this.windowMs <= now && entry.waitUntil <= now) this.failures.delete(key);
  }
}
