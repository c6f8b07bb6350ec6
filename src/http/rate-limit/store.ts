/** One counter hit in a fixed window that opens at the key's first hit. */
export type RateLimitHit = { count: number; resetInMs: number };

/** Where the counters live: this process (one instance) or Redis (shared by every instance). */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}
