import Fastify, { LogController, type FastifyError, type FastifyInstance } from "fastify";
import { AppError, errorCodes, type ErrorCode } from "../errors.js";
import { apiRoutes as routeContracts, type RouteContract } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import type { TrafficLimits } from "../config-traffic.js";
import { botRoutes } from "./bots.js";
import { customDomainRoutes } from "./custom-domains.js";
import { buildOpenApiDocument } from "./openapi.js";
import { registerApiDocs } from "./api-docs.js";
import { closeUnusedConnectionsOnClose } from "./unused-connections.js";
import { type AuthorizeWrite, registerRoutes, type RouteDefinition } from "./route.js";
import { workspaceRoutes } from "./workspaces.js";
import { folderRoutes } from "./folders.js";
import { themeTemplateRoutes } from "./theme-templates.js";
import { inboxFileRoute, inboxRoutes } from "./inbox.js";
import { chatRoutes } from "./chat.js";
import { resultRoutes } from "./results.js";
import { credentialsRoutes } from "./credentials.js";
import { googleCallbackRoute, googleOAuthRoutes } from "./google-oauth.js";
import { streamRoutes } from "./stream.js";
import { createAuthenticate } from "./authenticate.js";
import { requireWriter } from "../services/auth/write-access.js";
import { authRoutes } from "./auth.js";
import { tokenRoutes } from "./tokens.js";
import { botToolRoutes } from "./bot-tools.js";
import { botTestRoutes } from "./bot-tests.js";
import { addSecurityHeaders, securityServerOptions } from "./security-headers.js";
import { createRateLimiter } from "./rate-limit/rate-limiter.js";
import { healthRoutes } from "./health.js";
import { addRequestMetrics, metricsRoute } from "./metrics.js";
import { RedisConnection } from "../integrations/redis/redis-connection.js";
import { addJsonBodyParser } from "./json-body.js";
import { addCsvBodyParser, translationRoutes } from "./translations.js";
import { addInputGuard } from "./input-guard.js";
import { addCustomDomainPages, pageRoutes } from "./pages.js";
import { fileRoutes } from "./files.js";
import { builderPages } from "./builder-pages.js";
import { typebotCompatRoutes, typebotUploadRoutes } from "./typebot-compat.js";
import { channelRoutes, channelWebhookRoutes } from "./channels.js";
import { webhookRoutes } from "./webhooks.js";
import { webhookCallRoutes } from "./webhook-calls.js";
import { knowledgeRoutes, knowledgeUploadRoute } from "./knowledge.js";

export const PARLEY_VERSION = "0.1.0";

/** The generic code of each status (the first in the table), for errors Fastify raises itself. */
const codeByStatus = new Map<number, ErrorCode>();
for (const [code, { status }] of Object.entries(errorCodes))
  if (!codeByStatus.has(status)) codeByStatus.set(status, code as ErrorCode);

/** Every failure leaves as `{ code, message, issues? }`; client mistakes never become a 500. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = codeByStatus.get(status) ?? "BAD_REQUEST";
    return new AppError(code, error.message || errorCodes[code].message);
  }
  return new AppError("INTERNAL_SERVER_ERROR");
}

export function apiRoutes(ctx: AppContext, redis?: RedisConnection): RouteDefinition<any, any, any>[] {
  return [
    ...healthRoutes(ctx, redis),
    ...workspaceRoutes(ctx),
    ...folderRoutes(ctx),
    ...themeTemplateRoutes(ctx),
    ...knowledgeRoutes(ctx),
    ...inboxRoutes(ctx),
    ...botRoutes(ctx),
    ...customDomainRoutes(ctx),
    ...botToolRoutes(ctx),
    ...translationRoutes(ctx),
    ...botTestRoutes(ctx),
    ...authRoutes(ctx, redis),
    ...tokenRoutes(ctx),
    ...chatRoutes(ctx),
    ...resultRoutes(ctx),
    ...credentialsRoutes(ctx),
    ...googleOAuthRoutes(ctx),
    ...streamRoutes(ctx),
    ...typebotCompatRoutes(ctx),
    ...channelRoutes(ctx),
    ...webhookRoutes(ctx),
    ...webhookCallRoutes(ctx),
  ];
}

/**
 * Uploads whose body stays a stream, read part by part by the handler with its own size caps: they
 * are registered in a plugin of their own, without the body parsers and Fastify's body limit.
 */
export function streamedBodyRoutes(ctx: AppContext): RouteDefinition<any, any, any>[] {
  return [knowledgeUploadRoute(ctx), inboxFileRoute(ctx)];
}

/** What the OpenAPI document lists: the routes registered above, and the upload, which files.ts registers itself
 * (its body is the raw file). */
export function documentedRoutes(routes: readonly RouteDefinition<any, any, any>[]): RouteContract[] {
  return [
    ...routes,
    routeContracts.uploadFile,
    routeContracts.channelHandshake,
    routeContracts.channelWebhook,
    routeContracts.uploadKnowledgeDocuments,
    routeContracts.uploadInboxFile,
  ];
}

/** Once a minute at most: a Redis outage must not flood the logs (limits fall back to memory meanwhile). */
function sharedStoreWarning(app: FastifyInstance) {
  let last = 0;
  return (error: unknown) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    app.log.warn({ err: error }, "rate-limit store (Redis) unavailable; counting in this process until it is back");
  };
}

/**
 * A request must arrive whole (headers and body) within PARLEY_REQUEST_TIMEOUT_MS (408), and a
 * connection where nothing moves either way for PARLEY_CONNECTION_IDLE_TIMEOUT_MS is closed: a
 * client that trickles a body or holds sockets open keeps no server resources for long. Node checks
 * the request deadline every `connectionsCheckingInterval`, so that is a fraction of it.
 */
function requestTimeouts(traffic: TrafficLimits) {
  const requestTimeout = traffic.requestTimeoutMs;
  return {
    requestTimeout,
    connectionTimeout: traffic.connectionIdleTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(requestTimeout / 4))),
    },
  };
}

export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...securityServerOptions(ctx.config, options.logger !== false, options.logStream),
    bodyLimit: 1024 * 1024,
    ...requestTimeouts(ctx.config.traffic),
    // One line per request is noise for most self-hosters (their proxy logs requests); LOG_LEVEL=debug shows them.
    logController: new LogController({
      disableRequestLogging: ctx.config.logLevel !== "debug" && ctx.config.logLevel !== "trace",
    }),
    return503OnClosing: true,
    forceCloseConnections: "idle",
  });

  if (ctx.metrics) addRequestMetrics(app, ctx.metrics);
  addSecurityHeaders(app);
  addJsonBodyParser(app);
  addCsvBodyParser(app);
  addInputGuard(app);
  addCustomDomainPages(app, ctx);
  // One Redis connection per instance, shared by rate limits, sign-in throttling and the readiness check.
  const redisUrl = ctx.config.protection.redisUrl;
  const redis = redisUrl ? new RedisConnection(redisUrl) : undefined;
  const rateLimiter = createRateLimiter(ctx.config.protection, sharedStoreWarning(app), redis);
  // Open events streams would hold the close forever: they end first.
  app.addHook("preClose", async () => {
    await ctx.sessionSignals.close();
  });
  closeUnusedConnectionsOnClose(app);
  app.addHook("onClose", async () => {
    await ctx.botTestRuns.close();
    await rateLimiter.close();
    await redis?.close();
  });

  app.setErrorHandler(function parleyErrorHandler(error: FastifyError, request, reply) {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.status).send(appError.toBody());
  });
  app.setNotFoundHandler(function parleyNotFound(request, reply) {
    return reply
      .status(404)
      .send({ code: "NOT_FOUND", message: `Route ${request.method} ${request.url.split("?")[0]} not found` });
  });

  const routes = apiRoutes(ctx, redis);
  const authenticate = createAuthenticate(ctx);
  const authorizeWrite: AuthorizeWrite = (caller, target) => requireWriter(ctx, caller, target);
  registerRoutes(app, routes, authenticate, { rateLimiter, checkResponses: ctx.config.checkResponses, authorizeWrite });
  await app.register(async function streamedBodies(scope: FastifyInstance) {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    // Fastify's body limit would refuse the stream before it is read; each reader caps what it keeps.
    const unlimited = streamedBodyRoutes(ctx).map((route) => ({ ...route, bodyLimit: Number.MAX_SAFE_INTEGER }));
    registerRoutes(scope, unlimited, authenticate, { checkResponses: ctx.config.checkResponses, authorizeWrite });
  });
  if (ctx.metrics) await app.register(metricsRoute(ctx.metrics, ctx.config.metrics.token));
  await app.register(googleCallbackRoute(ctx));
  await app.register(builderPages());
  await app.register(pageRoutes(ctx));
  await app.register(fileRoutes(ctx, rateLimiter));
  await app.register(typebotUploadRoutes(ctx, rateLimiter));
  await app.register(channelWebhookRoutes(ctx));

  await registerApiDocs(app, () => buildOpenApiDocument(documentedRoutes(routes), PARLEY_VERSION));
  return app;
}
