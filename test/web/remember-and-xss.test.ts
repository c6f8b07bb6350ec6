import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ChatHarness } from "../helpers/conversation.js";
import type { Frame, FrameLocator, Page } from "playwright-core";
import { chatPageFrame, openPage, screenshot, type WatchedPage } from "./browser.js";
import { openBrowserWorld, type BrowserWorld } from "./browser-world.js";
import { hostPage, type HostSite } from "./host-site.js";
import { greeterBot, hostileBot } from "./web-bots.js";

describe("remember-user and markup safety in a real browser", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let site: HostSite;

  let world: BrowserWorld;

  beforeAll(async () => {
    world = await openBrowserWorld();
    ({ harness, browser, site } = world);
  });
  afterAll(() => world?.close());

  const resultCount = async (botId: string) =>
    (await harness.server.ctx.store.db.selectFrom("results").select("id").where("botId", "=", botId).execute()).length;

  it("keeps the conversation and the result across reloads when the bot remembers the visitor", async () => {
    const conversation = await harness.conversation(
      greeterBot("Welcome back?", { general: { rememberUser: { isEnabled: true, storage: "local" } } }),
    );
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Hello Ada, from Welcome").waitFor();

    await page.reload();
    // Shown again at once from storage, with the question that was waiting.
    await chat.getByText("Hello Ada, from Welcome").waitFor();
    expect(await chat.locator("parley-standard .bubble").allTextContents()).toEqual([
      "Welcome back?",
      "Ada",
      "Hello Ada, from Welcome",
    ]);
    await screenshot(page, "remember-after-reload");
    await chat.getByPlaceholder("Anything else?").fill("No, thanks");
    await chat.getByPlaceholder("Anything else?").press("Enter");
    await expect
      .poll(() => chat.locator("parley-standard .bubble.guest").allTextContents())
      .toEqual(["Ada", "No, thanks"]);
    await expect.poll(async () => (await conversation.result()).isCompleted).toBe(true);

    // The chat ended; a new visit starts over on the same result, which still knows the name.
    await page.reload();
    await chat.getByText("Welcome back?").waitFor();
    await chat.getByPlaceholder("Your name").waitFor();
    expect(await resultCount(conversation.botId)).toBe(1);
    expect((await conversation.result()).variables.Name).toBe("Ada");
    expect(page.problems).toEqual([]);
  });

  it("starts a new result on every visit when the bot does not remember", async () => {
    const conversation = await harness.conversation(greeterBot("Fresh start"));
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Hello Ada, from Fresh").waitFor();
    await page.reload();
    await chat.getByPlaceholder("Your name").waitFor();
    expect(await chat.locator("parley-standard .bubble.guest").count()).toBe(0);
    expect(await resultCount(conversation.botId)).toBe(2);
  });

  /** `scope` is where the chat is (the page, or the chat page's frame), `realm` where its scripts run. */
  async function expectNothingRan(
    page: WatchedPage,
    root: string,
    scope: Page | FrameLocator = page,
    realm: () => Page | Frame = () => page,
  ) {
    await scope.getByText("click me").waitFor();
    await scope.getByRole("button", { name: '<img src=x onerror="window.__pwned = 6">' }).click();
    await scope.getByText("You said").waitFor();
    expect(await realm().evaluate("window.__pwned")).toBeUndefined();
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    expect(page.dialogs).toEqual([]);
    const inside = (selector: string) => scope.locator(`${root} ${selector}`).count();
    expect([
      await inside("script"),
      await inside("[onerror]"),
      await inside("a[href^='javascript']"),
      await inside("img[src^='javascript']"),
    ]).toEqual([0, 0, 0, 0]);
    expect(
      await scope
        .locator(`${root} .bubble.host a`)
        .evaluateAll((links) =>
          links.map((link) => (link as unknown as { getAttribute(name: string): string | null }).getAttribute("href")),
        ),
    ).toEqual(["https://example.com/ok"]);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text a visitor sees.
    const text = await scope.locator(`${root} .bubble.host`).first().innerText();
    expect(text).toContain('<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">');
    expect(text).toContain('Hi <img src=x onerror="window.__pwned = 7"><script>window.__pwned = 8</script>');
  }

  it("shows markup and scripts from texts and variables as text, on the full page", async () => {
    const { publicId } = await harness.conversation(hostileBot());
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat, frame } = chatPageFrame(page);
    await expectNothingRan(page, "parley-standard", chat, frame);
    await screenshot(page, "xss-full-page");
  });

  it("shows markup and scripts from texts and variables as text, embedded on a page without any CSP", async () => {
    const { publicId } = await harness.conversation(hostileBot());
    const page = await openPage(await browser.newContext());
    await page.goto(
      site.page(
        "/hostile",
        hostPage(
          "Hostile",
          `<parley-standard bot="${publicId}" style="height:600px"></parley-standard><script src="${harness.server.url}/embed.js"></script>`,
        ),
      ),
    );
    await expectNothingRan(page, "parley-standard");
  });
});
