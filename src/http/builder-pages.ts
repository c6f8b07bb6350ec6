import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../lib/package-root.js";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The builder's pages: one index.html for every client-side route, and the hashed assets Vite wrote
 * to dist/builder (built by scripts/build-builder.mjs). Registered before the visitor page route, so
 * these fixed paths always win over `/:publicId`.
 */
export const BUILDER_PATHS = [
  "/",
  "/login",
  "/setup",
  "/bots",
  "/bots/:botId/edit",
  "/bots/:botId/results",
  "/bots/:botId/analytics",
  "/bots/:botId/results/:resultId",
  "/settings",
  "/inbox",
] as const;

/**
 * Scripts only from this origin and never evaluated from text: the builder holds the owner's
 * session, so a bot's client-side code does not run in its preview. Styles and fonts come from this
 * origin only: a bot's theme (a font stylesheet, custom CSS) is previewed in the sandboxed preview
 * frame, never in this document, where a stylesheet could read what a member types through
 * attribute selectors (issue 31 item 4). Media of the bots being edited may come from anywhere.
 */
export const BUILDER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Inline style attributes only (the editor's canvas positions); no stylesheet from elsewhere.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "frame-src https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const ASSET_CACHE = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

export const builderDistDir = () => path.join(packageRoot(), "dist", "builder");

function sendIndex(dir: string, reply: FastifyReply) {
  let html: string;
  try {
    html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
  } catch {
    return reply
      .status(503)
      .type("text/plain; charset=utf-8")
      .send("The builder is not built: run `node scripts/build-builder.mjs` (npm start does it).");
  }
  return reply
    .headers({ "content-security-policy": BUILDER_CSP, "cache-control": "no-cache", "x-frame-options": "DENY" })
    .type("text/html; charset=utf-8")
    .send(html);
}

/** Serves the builder from `dir` (dist/builder unless a test points elsewhere). */
export function builderPages(options: { dir?: string } = {}) {
  return async function builder(app: FastifyInstance) {
    const dir = options.dir ?? builderDistDir();
    const assets = path.join(dir, "assets");
    // Hashed names never change content, so each file is read and compressed once.
    const cache = new Map<string, { raw: Buffer; gzipped: Buffer }>();
    for (const url of BUILDER_PATHS) app.get(url, (_request, reply) => sendIndex(dir, reply));
    app.get<{ Params: { file: string } }>(
      "/assets/:file",
      async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
        const file = request.params.file;
        // Only the flat, hashed names Vite writes: no path separators, no dot files.
        if (!/^[\w.-]+$/.test(file) || file.startsWith("."))
          return reply.status(404).send({ code: "NOT_FOUND", message: "Asset not found" });
        let entry = cache.get(file);
        if (!entry) {
          try {
            const raw = await fs.promises.readFile(path.join(assets, file));
            entry = { raw, gzipped: gzipSync(raw, { level: 9 }) };
            cache.set(file, entry);
          } catch {
            return reply.status(404).send({ code: "NOT_FOUND", message: "Asset not found" });
          }
        }
        reply.headers({
          "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
          "cache-control": ASSET_CACHE,
          "x-content-type-options": "nosniff",
          vary: "Accept-Encoding",
        });
        if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")))
          return reply.header("content-encoding", "gzip").send(entry.gzipped);
        return reply.send(entry.raw);
      },
    );
  };
}
