import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatTurnKind, ParleyMetrics } from "../integrations/metrics/parley-metrics.js";

/** Chat turns by route pattern (the compatibility routes included); continueChat has one path for both. */
const chatTurnRoutes = new Map<string, ChatTurnKind>([
  ["/api/v1/bots/:publicId/startChat", "start"],
  ["/api/v1/bots/:botId/preview/startChat", "start"],
  ["/api/v1/typebots/:publicId/startChat", "start"],
  ["/api/v1/typebots/:botId/preview/startChat", "start"],
  ["/api/v1/sessions/:sessionId/continueChat", "continue"],
]);

const uploadRoutes = new Set(["/api/v1/sessions/:sessionId/files", "/api/v3/sessions/:sessionId/uploads/:folder"]);

/** Requests that matched no route share one label, so that scanning URLs cannot grow the series. */
const UNMATCHED = "(unmatched)";

/**
 * Counts every answered request by route pattern (never the raw URL) and status, and the chat
 * turns, refusals and uploads among them. A synchronous onResponse hook: no promise per request.
 */
export function addRequestMetrics(app: FastifyInstance, metrics: ParleyMetrics): void {
  app.addHook("onResponse", function countResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    metrics.countRequest(request.method, route, status);
    if (status < 400) {
      const turn = chatTurnRoutes.get(route);
      if (turn) metrics.countTurn(turn, reply.elapsedTime / 1000);
      else if (uploadRoutes.has(route)) metrics.countUpload(Number(request.headers["content-length"] ?? 0));
    } else if (status === 429) metrics.countRefusal(route);
    done();
  });
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** GET /metrics in the Prometheus text format; with a token set, only for `Authorization: Bearer <token>`. */
export function metricsRoute(metrics: ParleyMetrics, token: string | undefined) {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return async function metricsPlugin(app: FastifyInstance) {
    app.get("/metrics", async (request, reply) => {
      if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return reply.status(401).send({
          code: "UNAUTHORIZED",
          message: "GET /metrics needs Authorization: Bearer <PARLEY_METRICS_TOKEN>",
        });
      }
      reply.header("content-type", metrics.contentType);
      reply.header("cache-control", "no-store");
      return metrics.text();
    });
  };
}
