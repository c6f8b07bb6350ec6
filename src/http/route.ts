import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../errors.js";
import type { RouteContract } from "../schemas/api-routes.js";
import type { Caller } from "../store/users-repository.js";
import { parseInput } from "./validate.js";
import { checkedJsonText, responseCheckHook } from "./response-check.js";
import { JsonText } from "../lib/json-text.js";
import { rateLimitHook } from "./rate-limit/rate-limit-hook.js";
import type { RateLimitBucket, RateLimiter } from "./rate-limit/rate-limiter.js";

export type { AuthMode } from "../schemas/api-routes.js";

export type RouteContext<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  caller: Caller | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A route as the server runs it: its contract (src/schemas/api-routes.ts, spread in) plus what only the
 * server needs. The contract's schemas validate requests, check answers in tests and feed the OpenAPI document.
 */
export type RouteDefinition<P = unknown, Q = unknown, B = unknown> = Omit<
  RouteContract,
  "params" | "query" | "body"
> & {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  bodyLimit?: number;
  /** Chat routes are called from visitors' pages on other origins. */
  cors?: boolean;
  /** The preflight also allows `Authorization`: the builder's preview frame (an opaque origin) sends its preview token. */
  corsAuthorization?: boolean;
  /** Counted per visitor address or session before the body is read; over the limit → 429. */
  rateLimit?: RateLimitBucket[];
  handler: (context: RouteContext<P, Q, B>) => Promise<unknown>;
};

export const defineRoute = <P, Q, B>(definition: RouteDefinition<P, Q, B>): RouteDefinition<P, Q, B> => definition;

export type Authenticate = (request: FastifyRequest) => Promise<Caller | undefined>;

/** Refuses a caller who may not change what a write names (guests); see src/services/auth/write-access.ts. */
export type AuthorizeWrite = (caller: Caller, target: { workspaceId?: unknown; botId?: unknown }) => Promise<void>;

const changesWorkspace = (route: Pick<RouteContract, "access" | "method">) =>
  (route.access ?? (route.method === "GET" ? "read" : "write")) === "write";

/**
 * The workspace or bot a write is about: the one its path names, always. Only a creation whose path
 * names neither (a new bot, an import) is judged by the workspace its JSON body names; a body never
 * overrides the path, or a guest could name a workspace of their own and write to the one in the path.
 */
function writeTarget(request: Pick<FastifyRequest, "params" | "body">): { workspaceId?: unknown; botId?: unknown } {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (params.workspaceId !== undefined || params.botId !== undefined)
    return { workspaceId: params.workspaceId, botId: params.botId };
  const body = request.body;
  const bodyWorkspace =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>).workspaceId
      : undefined;
  return { workspaceId: bodyWorkspace };
}

/** Exactly one Access-Control-Allow-Origin, echoing the caller; allowed origins are checked per bot. */
export function allowCallingOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (!origin) return;
  reply.header("access-control-allow-origin", origin);
  reply.header("vary", "Origin");
}

// Hooks on every chat request take Fastify's callback form: an async hook costs a promise and a tick.
function allowCallingOriginHook(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  allowCallingOrigin(request, reply);
  done();
}

/** The header the reference's embed client adds inside an iframe: the origin of the page around it. */
export const IFRAME_REFERRER_ORIGIN_HEADER = "x-typebot-iframe-referrer-origin";

/**
 * The origin a request's `Origin` header stands for. Parley's own chat page runs in a sandboxed frame
 * whose origin is opaque (`Origin: null`); its Referer still names the server it was served from,
 * which a page elsewhere cannot fake, so allowed-origin checks treat it as before: as that origin.
 */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin !== "null") return origin;
  try {
    return new URL(String(request.headers.referer)).origin;
  } catch {
    return origin;
  }
}

/** Every page a chat request speaks for (see CallingOrigin); undefined when it names none. */
export function callingOrigin(request: FastifyRequest): string | string[] | undefined {
  const origin = requestOrigin(request);
  const around = request.headers[IFRAME_REFERRER_ORIGIN_HEADER];
  if (typeof around !== "string" || around === "") return origin;
  return origin ? [origin, around] : [around];
}

/** The visitor's preferred languages, for bots that speak several (only a string header counts). */
export function acceptLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers["accept-language"];
  return typeof header === "string" ? header : undefined;
}

/** The browser's CORS preflight for a chat route: POST with a JSON (or file) body, from any page. */
export async function answerPreflight(request: FastifyRequest, reply: FastifyReply, allowAuthorization = false) {
  allowCallingOrigin(request, reply);
  reply.header("access-control-allow-methods", "POST, OPTIONS");
  reply.header(
    "access-control-allow-headers",
    `content-type, ${IFRAME_REFERRER_ORIGIN_HEADER}${allowAuthorization ? ", authorization" : ""}`,
  );
  reply.header("access-control-max-age", "600");
  return reply.status(204).send();
}

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDefinition<any, any, any>[],
  authenticate: Authenticate,
  options: { rateLimiter?: RateLimiter; checkResponses?: boolean; authorizeWrite?: AuthorizeWrite } = {},
): void {
  for (const route of routes) {
    // CORS first, so that a browser can read the 429 too.
    const onRequest = [
      route.cors ? allowCallingOriginHook : undefined,
      route.rateLimit && options.rateLimiter ? rateLimitHook(options.rateLimiter, route.rateLimit) : undefined,
    ].filter((hook) => hook !== undefined);
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      onRequest: onRequest.length > 0 ? onRequest : undefined,
      preSerialization: options.checkResponses ? responseCheckHook(route) : undefined,
      handler: async function routeHandler(request, reply) {
        const caller = route.auth === "none" ? undefined : await authenticate(request);
        if (route.auth === "token" && !caller) throw new AppError("UNAUTHORIZED");
        // Before the body is validated: a guest learns they may not write, not what a valid body would be.
        if (caller && options.authorizeWrite && changesWorkspace(route))
          await options.authorizeWrite(caller, writeTarget(request));
        const params = route.params ? parseInput(route.params, request.params, "params") : request.params;
        const query = route.query ? parseInput(route.query, request.query ?? {}, "query") : request.query;
        const body = route.body ? parseInput(route.body, request.body ?? {}, "body") : request.body;
        const result = await route.handler({ params, query, body, caller, request, reply });
        if (reply.sent) return reply;
        if (route.successStatus === 204) return reply.status(204).send();
        if (route.successStatus) reply.status(route.successStatus);
        if (!(result instanceof JsonText)) return result;
        reply.type("application/json; charset=utf-8");
        return options.checkResponses ? checkedJsonText(route, reply, result.text) : result.text;
      },
    });
    if (route.cors)
      app.options(route.url, (request, reply) => answerPreflight(request, reply, route.corsAuthorization));
  }
}
