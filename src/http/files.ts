import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { responseCheckHook } from "./response-check.js";
import { allowCallingOrigin, answerPreflight, callingOrigin } from "./route.js";
import { AppError } from "../errors.js";
import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import {
  assertTypeAllowed,
  findUpload,
  recordStoredUpload,
  safeFileName,
  storeUpload,
  uploadAllowance,
  uploadRule,
} from "../services/files/uploads.js";
import { rateLimitHook } from "./rate-limit/rate-limit-hook.js";
import type { RateLimiter } from "./rate-limit/rate-limiter.js";

/**
 * The media a bubble shows (images, audio, video), served inline; anything else (PDF, text, HTML,
 * SVG, scripts…) is only ever downloaded, as an attachment, so no upload renders as a page here.
 */
const INLINE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  ogv: "video/ogg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  aac: "audio/aac",
};

type UploadRequest = FastifyRequest<{ Params: { sessionId: string }; Querystring: { name?: string } }>;

/**
 * Where a visitor's file is sent and served from: PUBLIC_URL, or the custom domain the chat page came
 * from once that domain is proven (or allowed by the operator). Never any other Host header's name:
 * a forged one would send visitors' files to someone else's server.
 */
export async function publicBase(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const hostname = request.hostname.toLowerCase();
  if (hostname && (await ctx.customDomains.servesHost(hostname))) return `${request.protocol}://${request.host}`;
  return ctx.config.publicUrl;
}

async function receiveUpload(ctx: AppContext, limit: number, request: UploadRequest, reply: FastifyReply) {
  allowCallingOrigin(request, reply);
  const name = safeFileName(request.query.name);
  if (!name) throw new AppError("FILE_NAME_MISSING", "Give the file's name as ?name=");
  const { sessionId } = request.params;
  const rule = await uploadRule(ctx, sessionId, callingOrigin(request));
  assertTypeAllowed(rule, name);
  const { fileLimit, refusal } = await uploadAllowance(
    ctx,
    sessionId,
    rule,
    limit,
    Number(request.headers["content-length"]),
  );
  const { folder, size } = await storeUpload(ctx, request.body as Readable, name, fileLimit, undefined, refusal);
  await recordStoredUpload(ctx, sessionId, rule, { folder, size });
  const contentType = String(request.headers["content-type"] ?? "application/octet-stream").split(";")[0];
  return {
    name,
    size,
    contentType,
    url: `${await publicBase(ctx, request)}/files/${folder}/${encodeURIComponent(name)}`,
  };
}

async function sendUpload(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { folder: string; name: string } }>,
  reply: FastifyReply,
) {
  const found = await findUpload(ctx, request.params.folder, request.params.name);
  if (!found) throw new AppError("NOT_FOUND", "File not found");
  const extension = request.params.name.split(".").pop()?.toLowerCase() ?? "";
  const inline = INLINE_TYPES[extension];
  return reply
    .headers({
      "content-type": inline ?? "application/octet-stream",
      "content-length": String(found.size),
      "content-disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(request.params.name)}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
      "cache-control": "private, max-age=31536000, immutable",
    })
    .send(found.stream());
}

/** Visitors' uploads: a raw body per file (`?name=`, its own Content-Type), served back by an unguessable URL. */
export function fileRoutes(ctx: AppContext, rateLimiter?: RateLimiter) {
  const limit = ctx.config.uploadLimitBytes;
  // An upload counts as a chat message: the same per-session and per-address limits apply.
  const rateLimit = rateLimiter ? rateLimitHook(rateLimiter, ["continuePerSession", "continuePerIp"]) : undefined;
  return async function files(app: FastifyInstance) {
    // Whatever the file's type, the body stays a stream: it is written to disk, never parsed.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    app.options("/api/v1/sessions/:sessionId/files", answerPreflight);
    const contract = apiRoutes.uploadFile;
    app.post<{ Params: { sessionId: string }; Querystring: { name?: string } }>(
      contract.url,
      {
        ...(rateLimit ? { onRequest: rateLimit } : {}),
        preSerialization: ctx.config.checkResponses ? responseCheckHook(contract) : undefined,
      },
      (request: UploadRequest, reply) => receiveUpload(ctx, limit, request, reply),
    );
    app.get("/files/:folder/:name", (request: FastifyRequest<{ Params: { folder: string; name: string } }>, reply) =>
      sendUpload(ctx, request, reply),
    );
  };
}
