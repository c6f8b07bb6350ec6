import { execFileSync } from "node:child_process";

/** The CLI tests run the real bundled binary, so build it once before the suite. */
export default function setup() {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}
