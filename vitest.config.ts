import { defineConfig } from "vitest/config";

/**
 * The suite in projects by kind (docs/testing.md). A file is placed by its folder, so a new file lands
 * in the project of the tests beside it; a server or browser test that starts its own server and
 * Chromium runs in any of them.
 */
const browserInE2e = ["test/e2e/custom-domains.test.ts", "test/e2e/typebot-compat-browser.test.ts"];
/**
 * Several server processes, kills and restarts, the CLI binary, and the code sandbox (its worker pool
 * and deep-nesting limits fail once another file has run in the same worker): each file in a fresh
 * worker, after the rest.
 */
const multiProcess = [
  "test/sandbox/**/*.test.ts",
  "test/e2e/cli.test.ts",
  // Counts every statement through pg's shared prototype: another file's server in the worker would add to it.
  "test/e2e/chat-round-trips.test.ts",
  "test/reliability/**/*.test.ts",
  "test/e2e/*multi-instance*.test.ts",
  "test/e2e/*-instances.test.ts",
];
/**
 * Every project's; the global setup (one build of dist) stays with the root, so it runs once.
 * `expect.poll` waits for state (a bubble shown, a row delivered): its 1 s default is shorter than a
 * page load on a loaded 2-core machine, and a wait that succeeds returns as soon as the state is there.
 */
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000, expect: { poll: { timeout: 15_000 } } };

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    ...timeouts,
    // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine. Most
    // server and browser files wait on sockets and child processes, so two workers keep both cores busy.
    maxWorkers: 2,
    coverage: {
      provider: "v8",
      include: ["src/**"],
      reporter: ["text-summary", "json-summary"],
    },
    projects: [
      {
        // Pure code and single-process services: one module graph per worker thread, reused by every file.
        test: {
          ...timeouts,
          name: "unit",
          // Every folder but the server, browser and multi-process ones: a new folder lands here.
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "test/builder/**", "test/web/**", ...multiProcess],
          pool: "threads",
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Real servers over real HTTP: child processes, the server's modules loaded once per worker.
        test: {
          ...timeouts,
          name: "server",
          include: ["test/e2e/**/*.test.ts"],
          exclude: [...browserInE2e, ...multiProcess],
          pool: "forks",
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...timeouts,
          name: "browser",
          include: ["test/builder/**/*.test.ts", "test/web/**/*.test.ts", ...browserInE2e],
          exclude: multiProcess,
          pool: "forks",
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...timeouts,
          name: "multi-process",
          include: multiProcess,
          // Two files at a time: each mostly waits on the processes it started and on its fresh worker's
          // start, so two overlap well (one at a time took half as long again). They wait for state (a
          // server's ready line, a row written); their few fixed pauses follow a state already there.
          maxWorkers: 2,
          pool: "forks",
          isolate: true,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
