import type { Browser } from "playwright-core";
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
