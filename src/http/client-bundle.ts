import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../lib/package-root.js";
import { gzipSync } from "node:zlib";

/** A script of the visitor's side as built by scripts/build.mjs, read once and served from memory. */
export type ClientBundle = { code: Buffer; gzipped: Buffer; etag: string; version: string };

/**
 * embed.js: the chat (embeds, and the chat page's frame); chat-shell.js: the chat page's outer
 * document, which holds no bot content; preview-frame.js: the builder's sandboxed preview.
 */
export type ClientBundleName = "embed" | "chat-shell" | "preview-frame";

export const clientBundlePath = (name: ClientBundleName = "embed") =>
  path.join(packageRoot(), "dist", "web", `${name}.js`);

const cached = new Map<ClientBundleName, ClientBundle>();

/** Undefined when the client was never built (`npm run build` builds it). */
export function loadClientBundle(name: ClientBundleName = "embed"): ClientBundle | undefined {
  const known = cached.get(name);
  if (known) return known;
  let code: Buffer;
  try {
    code = fs.readFileSync(clientBundlePath(name));
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(code).digest("base64url");
  const bundle = {
    code,
    gzipped: gzipSync(code, { level: 9 }),
    etag: `"${hash.slice(0, 27)}"`,
    version: hash.slice(0, 12),
  };
  cached.set(name, bundle);
  return bundle;
}
