// Writes docs/block-reference.md from the block catalogue (src/docs/block-reference.ts); with --check,
// fails instead when the committed page differs. Bundled with esbuild because src/ is TypeScript.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.join(root, "dist", "docs-block-reference.mjs");
await build({
  entryPoints: [path.join(root, "src/docs/block-reference.ts")],
  outfile: bundle,
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  logLevel: "warning",
});
const { renderBlockReference } = await import(bundle);
rmSync(bundle);
const page = path.join(root, "docs", "block-reference.md");
const rendered = renderBlockReference();
if (process.argv.includes("--check")) {
  if (readFileSync(page, "utf8") !== rendered) {
    console.error("docs/block-reference.md is stale: run `node scripts/docs-blocks.mjs`");
    process.exit(1);
  }
  console.log("docs/block-reference.md matches the block catalogue");
} else {
  writeFileSync(page, rendered);
  console.log("wrote docs/block-reference.md");
}
