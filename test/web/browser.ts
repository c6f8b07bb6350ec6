import fs from "node:fs";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type FrameLocator,
  type Locator,
  type Page,
} from "playwright-core";
import { noteStarted } from "../helpers/started-count.js";

/** Debian's chromium, driven by playwright-core: no browser download, the same binary in CI and here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const ARTIFACTS_DIR = path.resolve("test-artifacts");

/** One per worker process (the browser project runs without isolation), launched at first use. */
let shared: Promise<Browser> | undefined;

/**
 * Chromium for a test file. Without `extraArgs`, the worker's shared one: its `close()` closes the
 * contexts the file opened (files of a worker run one after another) and leaves the browser to the
 * next file. `extraArgs` (e.g. `--host-resolver-rules=MAP chat.example.com 127.0.0.1` for a custom
 * domain) launch a browser of the file's own.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length > 0 || process.env.PARLEY_TEST_OWN_SERVERS === "1") {
    noteStarted("chromium");
    return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs] });
  }
  if (!shared) {
    noteStarted("shared-chromium");
    shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  }
  return borrowed(await shared);
}

/** The shared browser as one file sees it: closing it closes the file's contexts, not the browser. */
export function borrowed(browser: Browser): Browser {
  const closeContexts = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === "close") return closeContexts;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A page that records what went wrong in it: console errors, uncaught exceptions, dialogs (which it dismisses). */
export type WatchedPage = Page & { problems: string[]; dialogs: string[] };

export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = (await context.newPage()) as WatchedPage;
  page.problems = [];
  page.dialogs = [];
  // Failed loads are reported with their URL by the response listener; the console repeats them without it.
  page.on(
    "console",
    (message) =>
      message.type() === "error" &&
      !message.text().startsWith("Failed to load resource") &&
      page.problems.push(`console: ${message.text()}`),
  );
  page.on(
    "response",
    (response) => response.status() >= 400 && page.problems.push(`${response.status()} ${response.url()}`),
  );
  page.on("pageerror", (error) => page.problems.push(`pageerror: ${error.message}`));
  page.on("dialog", (dialog) => {
    page.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return page;
}

/**
 * The chat scrolls smoothly to its newest row: waits until every chat's scroller (in every frame, and in
 * the open shadow roots of the embeds) has kept its place for a few frames.
 */
export async function chatScrollSettled(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const settled = frame.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const g = globalThis as any;
          const scrollers: any[] = [];
          const visit = (root: any) => {
            scrollers.push(...root.querySelectorAll(".scroll"));
            for (const element of root.querySelectorAll("*")) if (element.shadowRoot) visit(element.shadowRoot);
          };
          visit(g.document);
          // A frame without a chat (a widget's) has nothing to wait for, and a hidden one draws no frames.
          if (scrollers.length === 0) return resolve();
          let last = "";
          let still = 0;
          let frames = 0;
          const tick = () => {
            const now = scrollers.map((scroller) => scroller.scrollTop).join(",");
            still = now === last ? still + 1 : 0;
            last = now;
            if (still >= 6) return resolve();
            if (++frames > 600) return reject(new Error("the chat kept scrolling for 600 frames"));
            g.requestAnimationFrame(tick);
          };
          g.requestAnimationFrame(tick);
        }),
    );
    // A frame that is navigating or gone has no chat to wait for.
    if (frame === page.mainFrame()) await settled;
    else await settled.catch(() => undefined);
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await chatScrollSettled(page);
  await page.screenshot({ path: file, fullPage: false, animations: "disabled" });
  return file;
}

/** Figures worth keeping from a run (time to first bubble, bundle size), merged into one JSON file. */
export function recordMetric(name: string, value: number | string): void {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, "metrics.json");
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(file, JSON.stringify({ ...current, [name]: value }, null, 2));
}

/** Computed style values of the first element a locator finds (the tests run without DOM typings). */
export function computedStyle(locator: Locator, ...properties: string[]): Promise<string[]> {
  return locator.first().evaluate((element, names) => {
    const style = (globalThis as any).getComputedStyle(element);
    return names.map((name: string) => style.getPropertyValue(name) as string);
  }, properties);
}

/**
 * The chat page is Parley's shell around a sandboxed frame that holds the chat: `chat` finds things
 * in that frame, `frame()` evaluates in it.
 */
export function chatPageFrame(page: Page): { chat: FrameLocator; frame: () => Frame } {
  return {
    chat: page.frameLocator("iframe.chat-frame"),
    frame: () => {
      const found = page.frames().find((candidate) => /\/frame(\?|$)/.test(candidate.url()));
      if (!found) throw new Error("The chat page has no chat frame");
      return found;
    },
  };
}
