import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.js";
import { rateLimitBuckets, type RateLimitBucket, type RateLimiter } from "./rate-limiter.js";

/**
 * An onRequest hook counting the request in each bucket before its body is even read. Every bucket
 * is counted (a rejected request still costs), and the first one over its limit answers 429.
 */
export function rateLimitHook(limiter: RateLimiter, buckets: readonly RateLimitBucket[]) {
  const active = buckets.filter((bucket) => limiter.isEnabled(bucket));
  if (active.length === 0) return undefined;
  return async function rateLimit(request: FastifyRequest, _reply: FastifyReply) {
    const decisions = await Promise.all(
      active.map((bucket) => {
        const id =
          rateLimitBuckets[bucket].by === "ip"
            ? request.ip
            : String((request.params as { sessionId?: unknown }).sessionId ?? "");
        return limiter.check(bucket, id);
      }),
    );
    const denied = decisions.find((decision) => !decision.allowed);
    if (denied && !denied.allowed) {
      request.log.debug({ limit: denied.limit }, "rate limited");
      throw new AppError("TOO_MANY_REQUESTS", denied.message, {
        headers: { "retry-after": String(denied.retryAfterSeconds) },
      });
    }
  };
}
