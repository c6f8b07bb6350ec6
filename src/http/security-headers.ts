import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";
import { AppError } from "../errors.js";

/**
 * For HTML pages that set none of their own (the API docs): scripts, styles and frames from this
 * origin only, no plugins, no inline event handlers. A page that needs more sets its own header.
 */
export const DEFAULT_PAGE_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'; img-src 'self' data:; " +
  "script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** Logged with every line of a request and sent back, so that a visitor's report finds its logs. */
const REQUEST_ID_HEADER = "x-request-id";
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** Credentials never reach the logs, whatever a future log line includes. */
const redactedPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
];

/** Query parameters whose values are secrets (setup links, OAuth codes, signed URLs…). */
const SECRET_QUERY_KEY = /token|key|secret|password|passwd|code|sig|auth|session|credential/i;

/** The URL as logged: each secret-looking query value becomes `[redacted]`; the rest stays as sent. */
export function redactedUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      let key = pair.slice(0, equals);
      try {
        key = decodeURIComponent(key.replace(/\+/g, " "));
      } catch {
        // An undecodable name is matched as written.
      }
      return SECRET_QUERY_KEY.test(key) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, question)}?${query}`;
}

/** What a request log line says about the request: Fastify's fields, with the URL redacted. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Logger, request ids, proxy trust and protocol-error answers for Fastify's constructor. */
export function securityServerOptions(
  config: Config,
  logger: boolean,
  logStream?: { write(line: string): void },
): Pick<
  FastifyServerOptions,
  "logger" | "genReqId" | "requestIdHeader" | "trustProxy" | "clientErrorHandler" | "frameworkErrors"
> {
  return {
    clientErrorHandler,
    frameworkErrors,
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: redactedPaths, censor: "[redacted]" },
          serializers: { req: requestSerializer as never },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    // A caller's id (a proxy's or a client's) is kept when it is a plain token, else a fresh one is made.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === "string" && acceptableRequestId.test(given) ? given : randomUUID();
    },
    trustProxy: config.protection.trustProxy as FastifyServerOptions["trustProxy"],
  };
}

function setSecurityHeaders(reply: FastifyReply): void {
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "strict-origin-when-cross-origin");
  const type = reply.getHeader("content-type");
  if (typeof type === "string" && type.startsWith("text/html") && !reply.hasHeader("content-security-policy"))
    reply.header("content-security-policy", DEFAULT_PAGE_CSP);
}

/** Headers on every response, errors and 404s included (callback hooks: no promise per request). */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", function requestIdHeader(request, reply, done) {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook("onSend", function securityHeaders(_request, reply, payload, done) {
    setSecurityHeaders(reply);
    done(null, payload);
  });
}

/**
 * URLs the router cannot even decode (`/sessions/%/x`) or whose path values exceed 100 characters
 * are answered before any hook runs: they get the same error body and headers as every other 4xx.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new AppError("NOT_FOUND", "No such resource: a path value is longer than 100 characters")
      : error.code === "FST_ERR_BAD_URL"
        ? new AppError("BAD_REQUEST", "Malformed URL: a path segment is not valid percent-encoding")
        : new AppError("BAD_REQUEST", error.message);
  reply.header(REQUEST_ID_HEADER, request.id);
  setSecurityHeaders(reply);
  void reply.status(appError.status).send(appError.toBody());
}

/**
 * Requests too broken to reach Fastify's routing (oversized headers, malformed HTTP) still get the
 * error body and the security headers, written straight to the socket as Node leaves it to us.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const appError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("REQUEST_HEADERS_TOO_LARGE", "Request headers are too large (the URL counts too)")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new AppError("TIMEOUT", "The request did not arrive in time")
        : new AppError("BAD_REQUEST", "Malformed HTTP request");
  const body = JSON.stringify(appError.toBody());
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\nreferrer-policy: strict-origin-when-cross-origin\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
