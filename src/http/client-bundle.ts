import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { packageRoot } from "../lib/package-root.js";
import { gzipSync } from "node:zlib";

/** The visitor's client as built by scripts/build.mjs, read once and served from memory. */
export type ClientBundle = { code: Buffer; gzipped: Buffer; etag: string; version: string };

export const clientBundlePath = () => path.join(packageRoot(), "dist", "web", "embed.js");

let cached: ClientBundle | undefined;

/** Undefined when the client was never built (`npm run build` builds it). */
export function loadClientBundle(): ClientBundle | undefined {
  if (cached) return cached;
  let code: Buffer;
  try {
    code = fs.readFileSync(clientBundlePath());
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(code).digest("base64url");
  cached = { code, gzipped: gzipSync(code, { level: 9 }), etag: `"${hash.slice(0, 27)}"`, version: hash.slice(0, 12) };
  return cached;
}
