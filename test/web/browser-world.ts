import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { launchBrowser } from "./browser.js";
import { startHostSite, type HostSite } from "./host-site.js";

/** What a browser test needs: the real server, Chromium, and a plain site on another origin. */
export type BrowserWorld = { harness: ChatHarness; browser: Browser; site: HostSite; close(): Promise<void> };

export async function openBrowserWorld(): Promise<BrowserWorld> {
  const harness = await createChatHarness();
  const browser = await launchBrowser();
  const site = await startHostSite();
  return {
    harness,
    browser,
    site,
    close: async () => {
      await browser.close();
      await site.close();
      await harness.close();
    },
  };
}

/** The file's server and Chromium, opened before its tests and closed after them (a describe's hooks). */
export function useChatInBrowser(env: Record<string, string> = {}): {
  readonly harness: ChatHarness;
  readonly browser: Browser;
} {
  const world = {} as { harness: ChatHarness; browser: Browser };
  beforeAll(async () => {
    world.harness = await createChatHarness(env);
    world.browser = await launchBrowser();
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.harness?.close();
  });
  return world;
}
