import { defineConfig } from "vitest/config";

/** `npx vitest run --config bench/ai-blocks.vitest.config.ts`: what each AI block adds to a chat turn. */
export default defineConfig({
  test: {
    include: ["bench/ai-blocks.measure.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
