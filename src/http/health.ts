import { z } from "zod";
import { AppError } from "../errors.js";
import type { RedisConnection } from "../integrations/redis/redis-connection.js";
import type { AppContext } from "../services/context.js";
import { checkDatabase, checkFileStorage } from "../services/health.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

/** A dependency that does not answer within this time counts as down: a probe must never hang. */
const CHECK_TIMEOUT_MS = 2000;

function withinTime(check: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

const DOWN_NAMES = { database: "the database", storage: "the file storage", redis: "Redis" } as const;

const checkState = z.enum(["ok", "down"]);
const readyBody = z.object({
  status: z.literal("ready"),
  checks: z.object({ database: checkState, storage: checkState, redis: checkState.optional() }),
});

export function healthRoutes(ctx: AppContext, redis: RedisConnection | undefined) {
  return [
    defineRoute({
      ...apiRoutes.health,
      handler: async () => {
        try {
          await checkDatabase(ctx);
        } catch {
          throw new AppError("SERVICE_UNAVAILABLE", "Database unreachable");
        }
        return { status: "ok" as const };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/api/health/ready",
      summary: "Readiness: the database, the file storage, and Redis when REDIS_URL is set (503 naming what is down)",
      tags: ["Health"],
      auth: "none",
      response: readyBody,
      handler: async ({ request, reply }) => {
        const names = redis ? (["database", "storage", "redis"] as const) : (["database", "storage"] as const);
        const outcomes = await Promise.allSettled([
          withinTime(checkDatabase(ctx)),
          withinTime(checkFileStorage(ctx)),
          ...(redis ? [withinTime(redis.ping())] : []),
        ]);
        const checks: Partial<Record<(typeof names)[number], "ok" | "down">> = {};
        const down: string[] = [];
        outcomes.forEach((outcome, i) => {
          checks[names[i]] = outcome.status === "fulfilled" ? "ok" : "down";
          if (outcome.status === "rejected") {
            down.push(DOWN_NAMES[names[i]]);
            request.log.warn({ err: outcome.reason, check: names[i] }, "readiness check failed");
          }
        });
        if (down.length === 0)
          return { status: "ready" as const, checks: checks as z.infer<typeof readyBody>["checks"] };
        return reply.status(503).send({
          code: "SERVICE_UNAVAILABLE",
          // The error body keeps the API's one shape; its message names every check that failed.
          message: `Not ready: ${listed(down)} ${down.length > 1 ? "are" : "is"} unreachable`,
        });
      },
    }),
  ];
}

/** "a", "a and b", "a, b and c". */
function listed(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}
