/**
 * Failed sign-ins per key (the route uses address + e-mail): after `limit` failures within
 * `windowMs`, further attempts are refused until the window has passed, so a password cannot be
 * guessed at the speed of the network. Counted per process (a few instances multiply the
 * allowance, which stays small).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or undefined when an attempt is allowed. */
  retryAfter(key: string): number | undefined {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= this.now()) return undefined;
    return entry.count >= this.limit ? Math.ceil((entry.resetAt - this.now()) / 1000) : undefined;
  }

  recordFailure(key: string): void {
    const now = this.now();
    this.prune(now);
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count++;
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  /** Keeps the map from growing with every address ever seen. */
  private prune(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
