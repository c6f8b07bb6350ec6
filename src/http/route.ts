import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../errors.js";
import type { Caller } from "../store/users-repository.js";
import { parseInput } from "./validate.js";

export type AuthMode = "token" | "optional" | "none";

export type RouteContext<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  caller: Caller | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A route described once: its zod schemas validate requests and feed the OpenAPI document. */
export type RouteDefinition<P = unknown, Q = unknown, B = unknown> = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  summary: string;
  tags: string[];
  auth: AuthMode;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType;
  bodyLimit?: number;
  /** Chat routes are called from visitors' pages on other origins. */
  cors?: boolean;
  handler: (context: RouteContext<P, Q, B>) => Promise<unknown>;
};

export const defineRoute = <P, Q, B>(definition: RouteDefinition<P, Q, B>): RouteDefinition<P, Q, B> => definition;

export type Authenticate = (request: FastifyRequest) => Promise<Caller | undefined>;

/** Exactly one Access-Control-Allow-Origin, echoing the caller; allowed origins are checked per bot. */
async function allowCallingOrigin(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (!origin) return;
  reply.header("access-control-allow-origin", origin);
  reply.header("vary", "Origin");
}

export function registerRoutes(app: FastifyInstance, routes: readonly RouteDefinition<any, any, any>[], authenticate: Authenticate): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      onRequest: route.cors ? allowCallingOrigin : undefined,
      handler: async function routeHandler(request, reply) {
        const caller = route.auth === "none" ? undefined : await authenticate(request);
        if (route.auth === "token" && !caller) throw new AppError("UNAUTHORIZED");
        const params = route.params ? parseInput(route.params, request.params, "params") : request.params;
        const query = route.query ? parseInput(route.query, request.query ?? {}, "query") : request.query;
        const body = route.body ? parseInput(route.body, request.body ?? {}, "body") : request.body;
        const result = await route.handler({ params, query, body, caller, request, reply });
        return reply.sent ? reply : result;
      },
    });
    if (route.cors)
      app.options(route.url, async function preflight(request, reply) {
        await allowCallingOrigin(request, reply);
        reply.header("access-control-allow-methods", "POST, OPTIONS");
        reply.header("access-control-allow-headers", "content-type");
        reply.header("access-control-max-age", "600");
        return reply.status(204).send();
      });
  }
}
