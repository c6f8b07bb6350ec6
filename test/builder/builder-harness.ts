import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeEach } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { launchBrowser } from "../web/browser.js";

export const ARTIFACTS_DIR = path.resolve("test-artifacts", "builder");

export const PASSWORD = "correct horse battery";

const BUILT_INDEX = path.resolve("dist/builder/index.html");
const BUILD_LOCK = path.resolve("dist/.builder-build.lock");
const SOURCES = ["web/builder/src", "web/builder/index.html", "web/src", "scripts/build-builder.mjs"].map((entry) =>
  path.resolve(entry),
);

function newestSource(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestSource(path.join(entry, name))));
}

const isStale = () =>
  !fs.existsSync(BUILT_INDEX) || fs.statSync(BUILT_INDEX).mtimeMs < Math.max(...SOURCES.map(newestSource));
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the builder when its sources are newer than dist/builder (about a second). Test files run in
 * parallel: one builds under a lock file while the others wait, so no page ever loads a half-written bundle.
 */
export function buildBuilder(): void {
  fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (let waited = 0; isStale(); waited += 200) {
    let lock: number | undefined;
    try {
      lock = fs.openSync(BUILD_LOCK, "wx");
    } catch {
      // Another file is building; a lock left by a crashed run is taken over after two minutes.
      const held = fs.statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (waited > 120_000 || (held && Date.now() - held.mtimeMs > 120_000)) fs.rmSync(BUILD_LOCK, { force: true });
      sleep(200);
      continue;
    }
    try {
      if (isStale()) execFileSync(process.execPath, ["scripts/build-builder.mjs"], { stdio: "pipe" });
    } finally {
      fs.closeSync(lock);
      fs.rmSync(BUILD_LOCK, { force: true });
    }
  }
}

export type BuilderHarness = {
  server: TestServer;
  browser: Browser;
  user: { email: string; userId: string; workspaceId: string; token: string };
  /** A signed-in page (through the login form) with problems recorded. */
  signedInPage(options?: { viewport?: { width: number; height: number } }): Promise<WatchedPage>;
  api<T = any>(method: string, url: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
};

export type WatchedPage = Page & { problems: string[] };

export async function watch(context: BrowserContext): Promise<WatchedPage> {
  const page = (await context.newPage()) as WatchedPage;
  page.problems = [];
  page.on(
    "console",
    (message) =>
      message.type() === "error" &&
      !message.text().startsWith("Failed to load resource") &&
      page.problems.push(`console: ${message.text()}`),
  );
  page.on("pageerror", (error) => page.problems.push(`pageerror: ${error.message}`));
  page.on(
    "response",
    (response) => response.status() >= 500 && page.problems.push(`${response.status()} ${response.url()}`),
  );
  return page;
}

export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Bots", exact: true }).waitFor();
}

let files = 0;

/**
 * A signed-in owner in a fresh workspace, and Chromium. Without `env`, on the worker's shared server and
 * browser (`own` as for startTestServer); `close()` closes the file's contexts and its own server, if any.
 */
export async function createBuilderHarness(
  env: Record<string, string> = {},
  options: { own?: boolean } = {},
): Promise<BuilderHarness> {
  // CI that built the builder already (npm run build) can skip it.
  if (!process.env.PARLEY_BUILDER_PREBUILT) buildBuilder();
  const server = await startTestServer(env, options);
  // On the worker's shared server, every file signs in as an owner of its own.
  const email = `owner-${files++}-${process.pid}@example.com`;
  const created = await server.createUser(email);
  await setPassword(server.ctx, created.userId, PASSWORD);
  const browser = await launchBrowser();
  const user = { email, ...created };
  return {
    server,
    browser,
    user,
    async signedInPage(options = {}) {
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1440, height: 900 },
        acceptDownloads: true,
      });
      const page = await watch(context);
      await signIn(page, server.url, user.email);
      return page;
    },
    async api(method, url, body) {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as never;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Figures of the builder (load time, bundle size), merged into one JSON file. */
export function recordBuilderMetric(name: string, value: number | string): void {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, "metrics.json");
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(file, JSON.stringify({ ...current, [name]: value }, null, 2));
}

/**
 * For a describe whose tests are the steps of one story on one page: once a step fails, the later
 * steps are skipped (naming the step that failed) instead of failing on the state it left behind, so
 * the report shows the one failure that matters.
 */
export function stopAfterFirstFailure(): void {
  let failed: string | undefined;
  beforeEach((context) => {
    if (failed) context.skip(`skipped: the earlier step "${failed}" failed`);
    context.onTestFailed(() => {
      failed = context.task.name;
    });
  });
}
