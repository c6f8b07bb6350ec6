// Copies the packages a server built with `scripts/build.mjs --bundle-dependencies` still loads from
// node_modules (listed in dist/cli/runtime-packages.json), with every package they depend on, from an
// installed node_modules into another: the container image's node_modules is nothing more.
// Usage: node scripts/copy-runtime-packages.mjs <from node_modules> <to node_modules>
import { cpSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [from, to] = process.argv.slice(2);
if (!from || !to)
  throw new Error("usage: node scripts/copy-runtime-packages.mjs <from node_modules> <to node_modules>");

const wanted = JSON.parse(readFileSync("dist/cli/runtime-packages.json", "utf8"));
const copied = new Set();
// Dependencies only an install step runs: better-sqlite3's downloader of prebuilt addons.
const installOnly = new Set(["prebuild-install"]);

/** npm's layout: a dependency is in the nearest node_modules above the package that needs it. */
function locate(name, requiredFrom) {
  for (let dir = requiredFrom; dir.startsWith(from); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === from) break;
  }
  const top = path.join(from, name);
  return existsSync(path.join(top, "package.json")) ? top : undefined;
}

function copy(name, requiredFrom, optional) {
  const dir = locate(name, requiredFrom);
  if (!dir) {
    if (optional) return;
    throw new Error(`${name} (needed from ${requiredFrom}) is not installed in ${from}`);
  }
  if (copied.has(dir)) return;
  copied.add(dir);
  cpSync(dir, path.join(to, path.relative(from, dir)), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (!installOnly.has(dependency)) copy(dependency, dir, false);
  }
  for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) copy(dependency, dir, true);
}

for (const name of wanted) copy(name, from, false);
console.log(`${copied.size} packages copied to ${to} for ${wanted.join(", ")}`);
