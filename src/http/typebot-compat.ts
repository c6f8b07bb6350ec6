import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../errors.js";
import { messageResponseSchema, idSchema } from "../schemas/common.js";
import {
  generateUploadUrlInputSchema,
  generateUploadUrlResponseSchema,
  typebotClientLogsInputSchema,
  typebotPreviewStartChatInputSchema,
  typebotStartChatInputSchema,
  typebotStartChatResponseSchema,
} from "../schemas/typebot-compat.js";
import type { AppContext } from "../services/context.js";
import { saveClientLogs } from "../services/chat/client-logs.js";
import { startPreviewChat, startPublicChat } from "../services/chat/start-chat.js";
import {
  announceUpload,
  assertTypeAllowed,
  safeFileName,
  assertFolderUnused,
  recordStoredUpload,
  storeUpload,
  uploadAllowance,
  uploadRule,
} from "../services/files/uploads.js";
import { rateLimitHook } from "./rate-limit/rate-limit-hook.js";
import type { RateLimiter } from "./rate-limit/rate-limiter.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { publicBase } from "./files.js";
import { multipartBoundary, multipartFileChunks } from "./multipart.js";
import {
  acceptLanguage,
  allowCallingOrigin,
  callingOrigin,
  defineRoute,
  IFRAME_REFERRER_ORIGIN_HEADER,
} from "./route.js";

/**
 * The routes of the reference product's embed client (`@typebot.io/js`), so that a site moves to
 * Parley by changing `apiHost` only. Each one renames keys and calls the service the spec's route
 * calls; continueChat needs nothing of its own (same path, same body). See README "Moving from Typebot".
 */

const CHAT_BODY_LIMIT = 256 * 1024;

/** The reference names the bot `typebot` in the start answer. */
function withTypebotKey<T extends { bot: unknown }>(answer: T) {
  const { bot, ...rest } = answer;
  return { ...rest, typebot: bot };
}

const uploadPath = (sessionId: string, folder: string, name: string) =>
  `/api/v3/sessions/${encodeURIComponent(sessionId)}/uploads/${folder}?name=${encodeURIComponent(name)}`;

export function typebotCompatRoutes(ctx: AppContext) {
  const tags = ["Typebot embed compatibility"];
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/typebots/:publicId/startChat",
      summary: "Start a public chat, as the reference's embed client asks (the bot under `typebot`)",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      params: z.object({ publicId: idSchema }),
      body: typebotStartChatInputSchema,
      response: typebotStartChatResponseSchema,
      handler: async ({ params, body, request }) =>
        withTypebotKey(
          await startPublicChat(ctx, params.publicId, body, callingOrigin(request), acceptLanguage(request)),
        ),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/typebots/:botId/preview/startChat",
      summary: "Start a preview chat, as the reference's embed client asks (`typebot`: an id or a whole bot)",
      tags,
      auth: "optional",
      access: "read",
      cors: true,
      rateLimit: ["startPerIp"],
      bodyLimit: BOT_BODY_LIMIT,
      params: z.object({ botId: idSchema }),
      body: typebotPreviewStartChatInputSchema,
      response: typebotStartChatResponseSchema,
      handler: async ({ params, body, caller, request }) => {
        const { typebot, ...rest } = body;
        // An id asks for the stored draft, as the spec's route does without a bot in the body.
        const bot = typeof typebot === "object" ? typebot : undefined;
        return withTypebotKey(
          await startPreviewChat(ctx, caller, params.botId, { ...rest, bot }, acceptLanguage(request)),
        );
      },
    }),
    defineRoute({
      method: "POST",
      url: "/api/v2/sessions/:sessionId/clientLogs",
      summary: "Save client-side logs on the session's result (items without `status` are errors)",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["continuePerSession", "continuePerIp"],
      bodyLimit: CHAT_BODY_LIMIT,
      params: z.object({ sessionId: idSchema }),
      body: typebotClientLogsInputSchema,
      response: messageResponseSchema,
      handler: ({ params, body, request }) => saveClientLogs(ctx, params.sessionId, body, callingOrigin(request)),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v3/generate-upload-url",
      summary:
        "Where the reference's embed client sends a visitor's file (a PUT of the file, or a form POST, to Parley) and its URL",
      tags,
      auth: "none",
      cors: true,
      rateLimit: ["continuePerIp"],
      bodyLimit: 16 * 1024,
      body: generateUploadUrlInputSchema,
      response: generateUploadUrlResponseSchema,
      handler: async ({ body, request }) => {
        const { folder, name } = await announceUpload(ctx, body, callingOrigin(request), ctx.config.uploadLimitBytes);
        const base = await publicBase(ctx, request);
        return {
          presignedUrl: `${base}${uploadPath(body.sessionId, folder, name)}`,
          formData: {},
          fileUrl: `${base}/files/${folder}/${encodeURIComponent(name)}`,
        };
      },
    }),
  ];
}

type AnnouncedUploadRequest = FastifyRequest<{
  Params: { sessionId: string; folder: string };
  Querystring: { name?: string };
}>;

/**
 * A file sent to an announced upload URL, streamed to the folder the URL names: the raw body of a PUT
 * (the client since 0.10, with `formData` empty), or the `file` part of a form POST (earlier clients).
 */
async function receiveAnnouncedUpload(
  ctx: AppContext,
  limit: number,
  request: AnnouncedUploadRequest,
  reply: FastifyReply,
  as: "raw" | "form",
) {
  allowCallingOrigin(request, reply);
  const name = safeFileName(request.query.name);
  if (!name || name !== request.query.name) throw new AppError("NOT_FOUND", "Upload not found");
  const boundary = as === "form" ? multipartBoundary(request.headers["content-type"]) : undefined;
  if (as === "form" && !boundary) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  const { sessionId, folder } = request.params;
  await assertFolderUnused(ctx, folder);
  const rule = await uploadRule(ctx, sessionId, callingOrigin(request));
  assertTypeAllowed(rule, name);
  // A form's own overhead (boundaries, part headers) is small; the file is counted exactly below.
  const declared = Number(request.headers["content-length"]) - (boundary ? 64 * 1024 : 0);
  const { fileLimit, refusal } = await uploadAllowance(ctx, sessionId, rule, limit, declared);
  const body = request.body as Readable;
  const file = boundary ? Readable.from(multipartFileChunks(body, boundary), { objectMode: false }) : body;
  const stored = await storeUpload(ctx, file, name, fileLimit, folder, refusal);
  await recordStoredUpload(ctx, sessionId, rule, stored);
  return reply.status(204).send();
}

/**
 * The preflight of an announced upload URL: the client PUTs the file with its own Content-Type and a
 * Cache-Control header (neither a form POST's), from whatever page embeds it.
 */
function answerUploadPreflight(request: FastifyRequest, reply: FastifyReply) {
  allowCallingOrigin(request, reply);
  reply.header("access-control-allow-methods", "PUT, POST, OPTIONS");
  reply.header("access-control-allow-headers", `content-type, cache-control, ${IFRAME_REFERRER_ORIGIN_HEADER}`);
  reply.header("access-control-max-age", "600");
  return reply.status(204).send();
}

/** Its own plugin: the body must stay a stream here, whatever parsers the rest of the app has. */
export function typebotUploadRoutes(ctx: AppContext, rateLimiter?: RateLimiter) {
  const limit = ctx.config.uploadLimitBytes;
  // An upload counts as a chat message, as on Parley's own upload route.
  const rateLimit = rateLimiter ? rateLimitHook(rateLimiter, ["continuePerSession", "continuePerIp"]) : undefined;
  return async function typebotUploads(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    const url = "/api/v3/sessions/:sessionId/uploads/:folder";
    const options = rateLimit ? { onRequest: rateLimit } : {};
    app.options(url, answerUploadPreflight);
    app.put(url, options, (request, reply) =>
      receiveAnnouncedUpload(ctx, limit, request as AnnouncedUploadRequest, reply, "raw"),
    );
    app.post(url, options, (request, reply) =>
      receiveAnnouncedUpload(ctx, limit, request as AnnouncedUploadRequest, reply, "form"),
    );
  };
}
