import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Most test files wait on servers, browsers and child processes rather than compute, so two
    // files run at once even on a 2-core machine (Vitest's default there is one).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
