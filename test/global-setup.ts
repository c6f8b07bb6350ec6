import { execFileSync } from "node:child_process";

/**
 * The CLI tests run the real bundled binary, so build it once before the suite. With
 * PARLEY_TEST_BUNDLE_DEPENDENCIES=1 it is the container image's flavour, with the npm dependencies
 * bundled too (`scripts/build.mjs --bundle-dependencies`).
 */
export default function setup() {
  const flags = process.env.PARLEY_TEST_BUNDLE_DEPENDENCIES === "1" ? ["--bundle-dependencies"] : [];
  execFileSync(process.execPath, ["scripts/build.mjs", ...flags], { stdio: "inherit" });
}
