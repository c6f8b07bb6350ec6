import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: the nearest folder above this module holding Parley's package.json (works from src/ and dist/). */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, "utf8")).name === "parley") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
