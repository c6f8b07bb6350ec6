import { defineConfig } from "vitest/config";

/**
 * Measurements that need the test harness (a real server, Chromium, local fakes); they print figures and
 * assert nothing. `npx vitest run --config bench/measure.vitest.config.ts` runs them all; add a file name
 * (`ai-blocks`, `editor`) to run one.
 */
export default defineConfig({
  test: {
    include: ["bench/*.measure.ts", "bench/knowledge/*.measure.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
