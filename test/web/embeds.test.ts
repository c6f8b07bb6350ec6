import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ChatHarness } from "../helpers/conversation.js";
import { computedStyle, openPage, screenshot } from "./browser.js";
import { openBrowserWorld, type BrowserWorld } from "./browser-world.js";
import { hostPage, type HostSite } from "./host-site.js";
import { greeterBot } from "./web-bots.js";

/** The three embeds on a plain page of another origin: every chat call crosses origins (CORS). */
describe("embeds on another site", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let site: HostSite;
  let ada: string;
  let bob: string;
  let script: string;

  let world: BrowserWorld;

  beforeAll(async () => {
    world = await openBrowserWorld();
    ({ harness, browser, site } = world);
    ada = (await harness.conversation(greeterBot("Ada here, who are you?"))).publicId;
    bob = (
      await harness.conversation(
        greeterBot(
          "Bob speaking, your name?",
          {},
          { chat: { hostBubbles: { backgroundColor: "#123456", color: "#ffffff" } } },
        ),
      )
    ).publicId;
    script = `<script src="${harness.server.url}/embed.js"></script>`;
  });
  afterAll(() => world?.close());

  async function visit(path: string, body: string) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await openPage(context);
    await page.goto(site.page(path, hostPage(path, body)));
    return { page, context };
  }

  it("runs a standard embed declared as an element, talking to the script's own server", async () => {
    const { page, context } = await visit(
      "/standard",
      `<parley-standard bot="${ada}" style="height:480px;max-width:600px"></parley-standard>${script}`,
    );
    await page.getByText("Ada here, who are you?").waitFor();
    await page.getByPlaceholder("Your name").fill("Grace");
    await page.getByPlaceholder("Your name").press("Enter");
    await page.getByText("Hello Grace, from Ada").waitFor();
    // The host page's aggressive CSS does not reach inside.
    const bubble = page.locator("parley-standard .bubble.host").first();
    expect(await computedStyle(bubble, "background-color", "font-size")).toEqual(["rgb(247, 248, 255)", "16px"]);
    await screenshot(page, "embed-standard");
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it("opens a popup by command and after its delay, and closes it with Escape", async () => {
    const { page, context } = await visit(
      "/popup",
      `${script}<script>Parley.initPopup({ bot: "${ada}", apiHost: "${harness.server.url}", id: "pop" })</script>
       <script>Parley.initPopup({ bot: "${bob}", apiHost: "${harness.server.url}", id: "later", autoShowDelay: 400 })</script>`,
    );
    // Bob's popup opens by itself after its delay; nothing of Ada's starts before it is opened.
    await page.getByText("Bob speaking, your name?").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("parley-popup .overlay.open").count()).toBe(0);
    expect(await page.getByText("Ada here, who are you?").count()).toBe(0);

    await page.evaluate("Parley.open('pop')");
    await page.getByText("Ada here, who are you?").waitFor();
    // The popup took the focus: typing answers at once.
    await expect.poll(() => page.evaluate("document.activeElement?.tagName")).toBe("PARLEY-POPUP");
    await page.keyboard.type("Linus");
    await page.keyboard.press("Enter");
    await page.getByText("Hello Linus, from Ada").waitFor();
    await screenshot(page, "embed-popup");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("parley-popup .overlay.open").count()).toBe(0);
    await page.evaluate("Parley.toggle('pop')");
    // Reopened, the conversation is where it was.
    await page.getByText("Hello Linus, from Ada").waitFor();
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it("shows a bubble launcher with a preview message, opens the chat from it, and toggles by keyboard", async () => {
    const { page, context } = await visit(
      "/bubble",
      `${script}<script>Parley.initBubble({ bot: "${ada}", apiHost: "${harness.server.url}", id: "helper", previewMessage: { message: "Need a hand?", autoShowDelay: 100 } })</script>`,
    );
    await page.getByText("Need a hand?").waitFor();
    await screenshot(page, "embed-bubble-preview");
    const launcher = page.getByRole("button", { name: "Open chat", exact: true });
    expect(await launcher.getAttribute("aria-expanded")).toBe("false");
    await launcher.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Ada here, who are you?").waitFor();
    expect(await page.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true");
    await page.getByPlaceholder("Your name").fill("Margaret");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Hello Margaret, from Ada").waitFor();
    await screenshot(page, "embed-bubble-open");
    await page.evaluate("Parley.close('helper')");
    await expect.poll(() => page.locator("parley-bubble .window.open").count()).toBe(0);
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it("keeps two bots on one page apart: their own answers, themes and commands", async () => {
    const { page, context } = await visit(
      "/two",
      `<div style="display:flex;gap:16px"><parley-standard id="first" bot="${ada}" style="height:420px"></parley-standard>
       <parley-standard id="second" bot="${bob}" style="height:420px"></parley-standard></div>${script}`,
    );
    const first = page.locator("#first");
    const second = page.locator("#second");
    await first.getByText("Ada here, who are you?").waitFor();
    await second.getByText("Bob speaking, your name?").waitFor();
    await first.getByPlaceholder("Your name").fill("One");
    await first.getByPlaceholder("Your name").press("Enter");
    await second.getByPlaceholder("Your name").fill("Two");
    await second.getByPlaceholder("Your name").press("Enter");
    await first.getByText("Hello One, from Ada").waitFor();
    await second.getByText("Hello Two, from Bob").waitFor();
    const color = async (locator: typeof first) =>
      (await computedStyle(locator.locator(".bubble.host"), "background-color"))[0];
    expect([await color(first), await color(second)]).toEqual(["rgb(247, 248, 255)", "rgb(18, 52, 86)"]);
    await screenshot(page, "embed-two-bots");

    // A reset addressed to one chat leaves the other alone.
    await page.evaluate("Parley.reset('second')");
    await expect.poll(() => second.locator(".bubble.guest").count()).toBe(0);
    await second.getByText("Bob speaking, your name?").waitFor();
    expect(await first.locator(".bubble.guest").allTextContents()).toEqual(["One"]);
    expect(page.problems).toEqual([]);
    await context.close();
  });

  it("passes prefilled variables from attributes and from setPrefilledVariables", async () => {
    const prefilled = (await harness.conversation(greeterBot("Hi {{Name}}!"))).publicId;
    const { page, context } = await visit(
      "/prefilled",
      `<parley-standard id="attr" bot="${prefilled}" prefilled-variables='{"Name":"Attribute"}' style="height:300px"></parley-standard>
       <parley-standard id="cmd" style="height:300px"></parley-standard>${script}
       <script>Parley.initStandard({ id: "cmd", bot: "${prefilled}", apiHost: "${harness.server.url}" }); Parley.setPrefilledVariables({ Name: "Command" }, "cmd"); Parley.reset("cmd")</script>`,
    );
    await page.locator("#attr").getByText("Hi Attribute!").waitFor();
    await page.locator("#cmd").getByText("Hi Command!").waitFor();
    await context.close();
  });

  it("says plainly why a chat cannot start: unknown bot, closed bot, origin not allowed, server unreachable", async () => {
    const closed = await harness.conversation(
      greeterBot("Closed soon", { general: { systemMessages: { botClosed: "We are closed for the holidays." } } }),
    );
    const patched = await harness.api.patch(`/v1/bots/${closed.botId}`, { bot: { isClosed: true } });
    expect(patched.status).toBe(200);
    const guarded = (
      await harness.conversation(greeterBot("Guarded", { security: { allowedOrigins: ["https://only.example"] } }))
    ).publicId;
    const { page, context } = await visit(
      "/errors",
      `<parley-standard id="unknown" bot="no-such-bot" style="height:150px"></parley-standard>
       <parley-standard id="closed" bot="${closed.publicId}" style="height:150px"></parley-standard>
       <parley-standard id="guarded" bot="${guarded}" style="height:150px"></parley-standard>
       <parley-standard id="down" bot="${ada}" api-host="http://127.0.0.1:9" style="height:150px"></parley-standard>${script}`,
    );
    const message = (id: string) => page.locator(`#${id} .screen`).textContent();
    await expect.poll(() => message("unknown")).toBe("The bot you're looking for doesn't exist.");
    await expect.poll(() => message("closed")).toBe("We are closed for the holidays.");
    await expect.poll(() => message("guarded")).toBe("Origin not allowed");
    await expect
      .poll(() => message("down"))
      .toBe("Couldn't reach the chat server. Check your internet connection and try again.");
    await screenshot(page, "embed-errors");
    await context.close();
  });
});
