// Bundles the server and CLI into dist/, and the visitor's client (web/) into dist/web/embed.js, with
// esbuild (fast enough to run before every start). Type checking is a separate step (`npm run typecheck`).
//
// `--bundle-dependencies` (the container image) also bundles the server's npm dependencies, so that the
// image's node_modules holds only the few packages that cannot be bundled; their names are written to
// dist/cli/runtime-packages.json for scripts/copy-runtime-packages.mjs.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";

const bundleDependencies = process.argv.includes("--bundle-dependencies");

// The packages that stay in node_modules when the dependencies are bundled, each for what it loads
// beside its own code at run time.
const unbundleable = {
  "better-sqlite3": "its compiled addon (build/Release/better_sqlite3.node), found through `bindings`",
  "quickjs-emscripten": "the WebAssembly variant packages and their .wasm files",
  "sqlite-vec": "its platform package's vec0 extension, loaded into SQLite from its own folder",
  "@fastify/swagger-ui": "the files of the API explorer, served from its own static/ folder",
  // pg asks for it only when told to use libpq; never installed.
  "pg-native": "",
};

const dependencyOptions = bundleDependencies
  ? {
      external: Object.keys(unbundleable),
      // Bundled CommonJS packages call require() for Node's modules and some read __dirname; in an ES
      // module neither exists unless defined.
      banner: {
        js: [
          'import { createRequire as parleyCreateRequire } from "node:module";',
          'import { fileURLToPath as parleyFileURLToPath } from "node:url";',
          "const require = parleyCreateRequire(import.meta.url);",
          "const __filename = parleyFileURLToPath(import.meta.url);",
          'const __dirname = parleyFileURLToPath(new URL(".", import.meta.url));',
        ].join("\n"),
      },
      // Whitespace and syntax only: function names stay readable in stack traces.
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: false,
      metafile: true,
    }
  : { packages: "external", sourcemap: true };

const server = await build({
  // Worker threads' scripts are files of their own next to main.js (src/lib/bundled-script.ts finds them).
  entryPoints: {
    main: "src/cli/main.ts",
    "sandbox-worker": "src/sandbox/sandbox-worker.ts",
    "wal-checkpoint-worker": "src/store/wal-checkpoint-worker.ts",
    "sqlite-chat-worker": "src/store/chat/sqlite-chat-worker.ts",
    "document-worker": "src/integrations/knowledge/documents/document-worker.ts",
  },
  outdir: "dist/cli",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  ...dependencyOptions,
});

if (server.metafile) {
  const imported = new Set(
    Object.values(server.metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external && !entry.path.startsWith("node:")).map((entry) => entry.path),
    ),
  );
  const runtimePackages = Object.keys(unbundleable).filter((name) => imported.has(name) && unbundleable[name] !== "");
  writeFileSync("dist/cli/runtime-packages.json", `${JSON.stringify(runtimePackages, null, 2)}\n`);
} else {
  // Left by an earlier bundled build, it would describe another dist/.
  rmSync("dist/cli/runtime-packages.json", { force: true });
}

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
