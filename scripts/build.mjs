// Bundles the server and CLI into dist/, and the visitor's client (web/) into dist/web/embed.js, with
// esbuild (fast enough to run before every start). Type checking is a separate step (`npm run typecheck`).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";

await build({
  // Worker threads' scripts are files of their own next to main.js (src/lib/bundled-script.ts finds them).
  entryPoints: {
    main: "src/cli/main.ts",
    "sandbox-worker": "src/sandbox/sandbox-worker.ts",
    "wal-checkpoint-worker": "src/store/wal-checkpoint-worker.ts",
    "sqlite-chat-worker": "src/store/chat/sqlite-chat-worker.ts",
    "knowledge-document-worker": "src/integrations/knowledge/documents/document-worker.ts",
  },
  outdir: "dist/cli",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The phone input's country list comes from the same metadata the server validates numbers with.
const dialCodes = getCountries()
  .map((country) => `${country}${getCountryCallingCode(country)}`)
  .join(",");

await build({
  // embed.js: the chat; chat-shell.js: the chat page around its sandboxed frame; preview-frame.js: the builder's preview.
  entryPoints: {
    embed: "web/src/embed.ts",
    "chat-shell": "web/src/shell/chat-shell.ts",
    "preview-frame": "web/src/preview/preview-frame.ts",
  },
  outdir: "dist/web",
  bundle: true,
  platform: "browser",
  format: "iife",
  target: ["chrome100", "firefox100", "safari15.4"],
  minify: true,
  sourcemap: "external",
  legalComments: "none",
  define: { __DIAL_CODES__: JSON.stringify(dialCodes) },
  logLevel: "warning",
});

const embed = readFileSync("dist/web/embed.js");
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`dist/web/embed.js: ${kib(embed.length)}, ${kib(gzipSync(embed, { level: 9 }).length)} gzipped`);
