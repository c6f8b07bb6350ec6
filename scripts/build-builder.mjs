// Builds the bot owners' builder (web/builder, React) into dist/builder with Vite; the server serves it.
// Vite compiles the TSX itself (no React plugin needed for a production build). Prints the assets' sizes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import { build } from "vite";

// Vite takes React's build flavour from NODE_ENV when set (vitest sets "test"): the builder always ships production React.
process.env.NODE_ENV = "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "dist", "builder");

// The preview pane reuses the visitor's chat component, whose phone input reads this list.
const dialCodes = getCountries()
  .map((country) => `${country}${getCountryCallingCode(country)}`)
  .join(",");

await build({
  root: path.join(root, "web", "builder"),
  base: "/",
  logLevel: "warn",
  configFile: false,
  oxc: { jsx: { runtime: "automatic", development: false } },
  mode: "production",
  define: { __DIAL_CODES__: JSON.stringify(dialCodes) },
  build: {
    outDir,
    emptyOutDir: true,
    target: ["chrome111", "firefox114", "safari16.4"],
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      onwarn(warning, warn) {
        // @xyflow/react marks itself "use client" for server components; irrelevant in a browser bundle.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
});

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else files.push(file);
  }
};
walk(outDir);
let total = 0;
let totalGzip = 0;
for (const file of files.sort()) {
  const content = readFileSync(file);
  const gzipped = gzipSync(content, { level: 9 }).length;
  total += content.length;
  totalGzip += gzipped;
  console.log(`${path.relative(root, file)}: ${kib(content.length)}, ${kib(gzipped)} gzipped`);
}
console.log(`dist/builder total: ${kib(total)}, ${kib(totalGzip)} gzipped`);
