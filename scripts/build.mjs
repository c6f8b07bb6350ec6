// Bundles the server and CLI into dist/ with esbuild (fast enough to run before every start).
// Type checking is a separate step (`npm run typecheck`, part of `npm test`).
import { build } from "esbuild";

await build({
  entryPoints: ["src/cli/main.ts"],
  outdir: "dist/cli",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
