import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../services/context.js";
import { loadPublicBot } from "../services/chat/bot-loader.js";
import { customDomainKey, isOwnHost } from "../services/custom-domains.js";
import { loadClientBundle, type ClientBundleName } from "./client-bundle.js";
import {
  BOT_SANDBOX,
  CHAT_SHELL_CSP,
  chatFrameContentSecurityPolicy,
  pageSecurityHeaders,
  PREVIEW_FRAME_CSP,
} from "./page-csp.js";
import {
  chatFramePage,
  chatShellPage,
  NOTICE_CSS,
  NOTICE_CSS_URL,
  noticePage,
  previewFramePage,
  type PageMetadata,
} from "./page-html.js";

/** Names a public id can never take at the root: the API, the client and the uploaded files live there. */
const RESERVED = [
  "api",
  "files",
  "embed\\.js",
  "embed\\.css",
  "chat-shell\\.js",
  "preview-frame",
  "preview-frame\\.js",
  "favicon\\.ico",
  "robots\\.txt",
];
const PUBLIC_ID = `(^(?!(?:${RESERVED.join("|")})$)[a-zA-Z0-9.-]+$)`;
const PUBLIC_ID_ROUTE = `/:publicId${PUBLIC_ID}`;
const CHAT_FRAME_ROUTE = `/:publicId${PUBLIC_ID}/frame`;
export const PREVIEW_FRAME_URL = "/preview-frame";
const NOTICE_CSP = "default-src 'none'; style-src 'self'; img-src https: http:; base-uri 'none'; form-action 'none'";
/** Snippets pasted on other sites load the bare URL: they pick up a new client within the hour. */
const BARE_SCRIPT_CACHE = "public, max-age=3600, stale-while-revalidate=86400";
const VERSIONED_SCRIPT_CACHE = "public, max-age=31536000, immutable";

const scriptUrl = (name: ClientBundleName) => {
  const bundle = loadClientBundle(name);
  return bundle ? `/${name}.js?v=${bundle.version}` : `/${name}.js`;
};

function sendClient(
  name: ClientBundleName,
  request: FastifyRequest<{ Querystring: { v?: string } }>,
  reply: FastifyReply,
) {
  const bundle = loadClientBundle(name);
  if (!bundle)
    return reply
      .status(503)
      .type("text/plain; charset=utf-8")
      .send("The chat client is not built: run `npm run build`.");
  reply.headers({
    "content-type": "text/javascript; charset=utf-8",
    etag: bundle.etag,
    "cache-control": request.query.v === bundle.version ? VERSIONED_SCRIPT_CACHE : BARE_SCRIPT_CACHE,
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "cross-origin",
    "access-control-allow-origin": "*",
    vary: "Accept-Encoding",
  });
  if (request.headers["if-none-match"] === bundle.etag) return reply.status(304).send();
  if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")))
    return reply.header("content-encoding", "gzip").send(bundle.gzipped);
  return reply.send(bundle.code);
}

function firstValues(query: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && name.length <= 255) values[name] = first.slice(0, 10_000);
  }
  return values;
}

function sendNotice(reply: FastifyReply, status: number, page: Parameters<typeof noticePage>[0]) {
  return reply
    .status(status)
    .headers(pageSecurityHeaders(NOTICE_CSP))
    .type("text/html; charset=utf-8")
    .send(noticePage(page));
}

/** The published bot behind a public id, or the notice page already sent (unknown or closed bot). */
async function publishedBotOrNotice(ctx: AppContext, publicId: string, reply: FastifyReply) {
  const published = await loadPublicBot(ctx, publicId);
  if (!published) {
    await sendNotice(reply, 404, {
      title: "Bot not found",
      heading: "Bot not found",
      message: "The bot you're looking for doesn't exist.",
    });
    return undefined;
  }
  const { bot } = published;
  const settings = bot.document.settings as {
    metadata?: PageMetadata;
    general?: { isHideQueryParamsEnabled?: boolean; systemMessages?: { botClosed?: string } };
  };
  const metadata: PageMetadata = { ...settings.metadata, title: settings.metadata?.title || published.name };
  if (published.isClosed) {
    const message = settings.general?.systemMessages?.botClosed || "This bot is now closed";
    await sendNotice(reply, 200, { title: metadata.title ?? "Closed", heading: "Closed", message, metadata });
    return undefined;
  }
  return { bot, metadata, hidesQuery: settings.general?.isHideQueryParamsEnabled ?? true };
}

/** The chat page (at /<publicId>, or at a custom domain): the shell; `url` is the request's, for its query. */
async function sendChatShell(ctx: AppContext, publicId: string, url: string, reply: FastifyReply) {
  const found = await publishedBotOrNotice(ctx, publicId, reply);
  if (!found) return reply;
  const query = url.indexOf("?");
  const html = chatShellPage({
    publicId,
    frameUrl: `/${encodeURIComponent(publicId)}/frame${query >= 0 ? url.slice(query) : ""}`,
    scriptUrl: scriptUrl("chat-shell"),
    sandbox: BOT_SANDBOX,
    hidesQuery: found.hidesQuery,
    metadata: found.metadata,
  });
  return reply.headers(pageSecurityHeaders(CHAT_SHELL_CSP)).type("text/html; charset=utf-8").send(html);
}

async function sendChatFrame(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { publicId: string } }>,
  reply: FastifyReply,
) {
  const found = await publishedBotOrNotice(ctx, request.params.publicId, reply);
  if (!found) return reply;
  const html = chatFramePage({
    publicId: request.params.publicId,
    scriptUrl: scriptUrl("embed"),
    title: found.metadata.title ?? "Chat",
    prefilledVariables: firstValues((request.query ?? {}) as Record<string, unknown>),
  });
  return reply
    .headers(
      pageSecurityHeaders(
        chatFrameContentSecurityPolicy(found.bot.document as never, { zendeskWidgetUrl: ctx.config.zendeskWidgetUrl }),
      ),
    )
    .type("text/html; charset=utf-8")
    .send(html);
}

/** The visitor's side served by Parley itself: the client scripts, the chat page per published bot (shell and frame), the preview frame. */
export function pageRoutes(ctx: AppContext) {
  return async function pages(app: FastifyInstance) {
    for (const name of ["embed", "chat-shell", "preview-frame"] as const)
      app.get<{ Querystring: { v?: string } }>(`/${name}.js`, (request, reply) => sendClient(name, request, reply));
    app.get(PREVIEW_FRAME_URL, async (_request, reply) =>
      reply
        .headers(pageSecurityHeaders(PREVIEW_FRAME_CSP))
        .type("text/html; charset=utf-8")
        .send(previewFramePage(scriptUrl("preview-frame"))),
    );
    app.get(NOTICE_CSS_URL, async (_request, reply) =>
      reply
        .headers({
          "content-type": "text/css; charset=utf-8",
          "cache-control": "public, max-age=86400",
          "x-content-type-options": "nosniff",
        })
        .send(NOTICE_CSS),
    );
    // Browsers ask for it on every page; a bot's own icon comes from its metadata.
    app.get("/favicon.ico", async (_request, reply) =>
      reply.header("cache-control", "public, max-age=86400").status(204).send(),
    );
    app.get<{ Params: { publicId: string } }>(PUBLIC_ID_ROUTE, (request, reply) =>
      sendChatShell(ctx, request.params.publicId, request.url, reply),
    );
    app.get<{ Params: { publicId: string } }>(CHAT_FRAME_ROUTE, (request, reply) => sendChatFrame(ctx, request, reply));
  };
}

/** Paths of Parley's own that a custom domain's visitors need as they are: the client, the chat API, files. */
const NEVER_A_BOT_PAGE =
  /^\/(?:api|files)\/|^\/(?:embed\.js|embed\.css|chat-shell\.js|preview-frame|preview-frame\.js|favicon\.ico|robots\.txt)$|^\/[a-zA-Z0-9.-]+\/frame$/;

/**
 * A published bot's `customDomain` (`chat.example.com` or `example.com/chat`) serves its chat page at
 * that host and path; the page then talks to the same origin. The host is the request's (with
 * PARLEY_TRUST_PROXY, X-Forwarded-Host); requests for this instance's own names are never looked up,
 * and only proven (or operator-allowed) domains are served.
 */
export function addCustomDomainPages(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onRequest", function customDomainPage(request, reply, done) {
    if (request.method !== "GET") return done();
    const hostname = request.hostname.toLowerCase();
    // The builder's own names are never looked up: no bot's page shadows the builder there.
    if (!hostname || isOwnHost(ctx.config, hostname)) return done();
    const path = request.url.split("?")[0];
    if (path.length > 255 || NEVER_A_BOT_PAGE.test(path)) return done();
    ctx.customDomains
      .publicIdFor(customDomainKey(hostname, path))
      .then((publicId) => (publicId ? sendChatShell(ctx, publicId, request.url, reply) : done()))
      .catch(done);
  });
}
