import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/**
 * With PARLEY_TEST_COUNT_SERVERS=1, every server and Chromium a test starts is logged, one line each
 * (`kind pid file`), to test-artifacts/started.log, so that a run tells how many it started and where:
 * `cut -d' ' -f1 test-artifacts/started.log | sort | uniq -c`.
 */
export function noteStarted(kind: "server" | "shared-server" | "chromium" | "shared-chromium"): void {
  if (process.env.PARLEY_TEST_COUNT_SERVERS !== "1") return;
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "unknown");
  fs.mkdirSync("test-artifacts", { recursive: true });
  fs.appendFileSync(path.join("test-artifacts", "started.log"), `${kind} ${process.pid} ${file}\n`);
}
