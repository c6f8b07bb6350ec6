// scripts/copy-runtime-packages.mjs builds the container image's node_modules: the packages the bundled
// server still imports, with everything they need and nothing else.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../../scripts/copy-runtime-packages.mjs");
const run = promisify(execFile);
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function pkg(at: string, manifest: { name: string; dependencies?: object; optionalDependencies?: object }) {
  mkdirSync(path.join(dir, at), { recursive: true });
  writeFileSync(path.join(dir, at, "package.json"), JSON.stringify(manifest));
  writeFileSync(path.join(dir, at, "index.js"), "");
}

function installedTree() {
  dir = mkdtempSync(path.join(tmpdir(), "runtime-packages-"));
  mkdirSync(path.join(dir, "dist/cli"), { recursive: true });
  writeFileSync(path.join(dir, "dist/cli/runtime-packages.json"), JSON.stringify(["driver", "@scope/ui"]));
  pkg("node_modules/driver", {
    name: "driver",
    dependencies: { bindings: "1", "prebuild-install": "7" },
    optionalDependencies: { "not-on-this-platform": "1" },
  });
  pkg("node_modules/bindings", { name: "bindings" });
  pkg("node_modules/prebuild-install", { name: "prebuild-install" });
  pkg("node_modules/@scope/ui", { name: "@scope/ui", dependencies: { glob: "10" } });
  // Another version of glob, nested under the package that needs it, as npm lays out a conflict.
  pkg("node_modules/@scope/ui/node_modules/glob", { name: "glob", dependencies: { minimatch: "9" } });
  pkg("node_modules/glob", { name: "glob" });
  pkg("node_modules/minimatch", { name: "minimatch" });
  pkg("node_modules/unused", { name: "unused" });
}

describe("scripts/copy-runtime-packages.mjs", () => {
  it("copies the listed packages and their dependencies, nested where npm put them, and nothing else", async () => {
    installedTree();
    const { stdout } = await run(process.execPath, [script, path.join(dir, "node_modules"), path.join(dir, "out")], {
      cwd: dir,
    });
    expect(stdout).toBe(`5 packages copied to ${path.join(dir, "out")} for driver, @scope/ui\n`);
    expect(readdirSync(path.join(dir, "out")).sort()).toEqual(["@scope", "bindings", "driver", "minimatch"]);
    expect(existsSync(path.join(dir, "out/@scope/ui/node_modules/glob/package.json"))).toBe(true);
    // Only its install step uses it.
    expect(existsSync(path.join(dir, "out/prebuild-install"))).toBe(false);
  });

  it("names a missing dependency and who needs it", async () => {
    installedTree();
    rmSync(path.join(dir, "node_modules/bindings"), { recursive: true });
    const failure = run(process.execPath, [script, path.join(dir, "node_modules"), path.join(dir, "out")], {
      cwd: dir,
    });
    await expect(failure).rejects.toThrow(
      `bindings (needed from ${path.join(dir, "node_modules/driver")}) is not installed in ${path.join(dir, "node_modules")}`,
    );
  });
});
