import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ChatHarness } from "../helpers/conversation.js";
import { say } from "../helpers/bot-builder.js";
import { chatPageFrame, computedStyle, openPage, screenshot } from "./browser.js";
import { openBrowserWorld, type BrowserWorld } from "./browser-world.js";
import { hostPage, type HostSite } from "./host-site.js";
import { browserRequestBot, greeterBot, redirectBot } from "./web-bots.js";

const THEME = {
  general: {
    font: "Inter",
    background: { type: "Color", content: "#101820" },
    progressBar: { isEnabled: true, color: "#00ff00", backgroundColor: "#333333", placement: "Bottom", thickness: 6 },
  },
  chat: {
    hostBubbles: { backgroundColor: "#fee715", color: "#101820", border: { roundeness: "large" } },
    guestBubbles: { backgroundColor: "#0000ff", color: "#ffffff", border: { roundeness: "none" } },
    buttons: { backgroundColor: "#ff0000", color: "#ffffff", border: { roundeness: "custom", customRoundeness: 12 } },
    inputs: { backgroundColor: "#222222", color: "#eeeeee", placeholderColor: "#aaaaaa" },
  },
  customCss: ".bubble.guest { letter-spacing: 2px; }",
};

describe("theme and client-side actions in a real browser", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let site: HostSite;

  let world: BrowserWorld;

  beforeAll(async () => {
    world = await openBrowserWorld();
    ({ harness, browser, site } = world);
  });
  afterAll(() => world?.close());

  it("applies the theme's colours, font, roundness, progress bar and custom CSS", async () => {
    const { publicId } = await harness.conversation(greeterBot("Themed hello", {}, THEME));
    const page = await openPage(await browser.newContext({ viewport: { width: 800, height: 600 } }));
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("Themed hello").waitFor();
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Hello Ada, from Themed").waitFor();
    const style = (selector: string, ...properties: string[]) =>
      computedStyle(chat.locator(`parley-standard ${selector}`), ...properties);
    expect(await style(".parley", "background-color", "font-family")).toEqual([
      "rgb(16, 24, 32)",
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    ]);
    expect(await style(".bubble.host", "background-color", "color", "border-top-left-radius")).toEqual([
      "rgb(254, 231, 21)",
      "rgb(16, 24, 32)",
      "20px",
    ]);
    expect(
      await style(".bubble.guest", "background-color", "color", "border-top-left-radius", "letter-spacing"),
    ).toEqual(["rgb(0, 0, 255)", "rgb(255, 255, 255)", "0px", "2px"]);
    expect(await style(".field .btn", "background-color", "border-top-left-radius")).toEqual([
      "rgb(255, 0, 0)",
      "12px",
    ]);
    expect(await style(".field", "background-color", "color")).toEqual(["rgb(34, 34, 34)", "rgb(238, 238, 238)"]);
    expect(await style(".progress", "background-color", "height", "bottom")).toEqual(["rgb(51, 51, 51)", "6px", "0px"]);
    expect(await style(".progress > div", "background-color")).toEqual(["rgb(0, 255, 0)"]);
    expect(await chat.locator("parley-standard .progress").getAttribute("aria-valuenow")).toBe("67");
    await screenshot(page, "theme");
    expect(page.problems).toEqual([]);
  });

  it("emulates typing: dots first, then the message, the first one without delay", async () => {
    const bot = greeterBot("First line comes at once", {
      typingEmulation: { enabled: true, speed: 60, maxDelay: 1.5, isDisabledOnFirstMessage: true },
    });
    bot.groups[0].blocks.splice(1, 0, say("b-second", "Second line takes a while to type"));
    const { publicId } = await harness.conversation(bot);
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("First line comes at once").waitFor();
    await chat.locator("parley-standard .typing").waitFor();
    expect(await chat.getByText("Second line takes a while to type").count()).toBe(0);
    await chat.getByText("Second line takes a while to type").waitFor({ timeout: 3000 });
    expect(await chat.locator("parley-standard .typing").count()).toBe(0);
  });

  it("follows a redirect action, to http(s) only", async () => {
    const target = site.page("/landed", hostPage("Landed", ""));
    const { publicId } = await harness.conversation(redirectBot(target));
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByRole("button", { name: "Take me there" }).click();
    await page.waitForURL(target);
    expect(await page.title()).toBe("Landed");
  });

  it("runs an HTTP request from the browser and a wait, answering the server each time", async () => {
    const { publicId } = await harness.conversation(browserRequestBot(`${site.origin}/echo`));
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("Your plan is gold.").waitFor();
    await chat.getByText("Done waiting.").waitFor();
    expect(site.requests).toContain("POST /echo");
    expect(page.problems).toEqual([]);
  });

  it("runs script, setVariable and stream actions, each after its bubble", async () => {
    // The server's Code and Set variable blocks are not built yet: these turns are what it will send.
    const page = await openPage(await browser.newContext());
    const sent: unknown[] = [];
    await page.route("**/api/v1/bots/scripted/startChat", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          sessionId: "s-1",
          bot: { id: "b", theme: {}, settings: { typingEmulation: { enabled: false } } },
          messages: [
            {
              id: "m-1",
              type: "text",
              content: { type: "richText", richText: [{ type: "p", children: [{ text: "Running code" }] }] },
            },
          ],
          clientSideActions: [
            {
              type: "scriptToExecute",
              lastBubbleBlockId: "m-1",
              scriptToExecute: {
                content: "window.__ran = a + b",
                args: [
                  { id: "a", value: 2 },
                  { id: "b", value: 3 },
                ],
              },
            },
            {
              type: "setVariable",
              lastBubbleBlockId: "m-1",
              expectsDedicatedReply: true,
              setVariable: { scriptToExecute: { content: "return 'computed-' + window.__ran", args: [] } },
            },
          ],
        }),
      }),
    );
    await page.route("**/api/v1/sessions/s-1/continueChat", async (route) => {
      const body = route.request().postDataJSON();
      sent.push(body.message ?? null);
      const turn =
        sent.length === 1
          ? { messages: [], clientSideActions: [{ type: "stream", stream: true, expectsDedicatedReply: true }] }
          : {
              messages: [
                {
                  id: "m-2",
                  type: "text",
                  content: { type: "richText", richText: [{ type: "p", children: [{ text: "All done" }] }] },
                },
              ],
            };
      await route.fulfill({ contentType: "application/json", body: JSON.stringify(turn) });
    });
    await page.route("**/api/v1/sessions/s-1/streamMessage", (route) =>
      route.fulfill({ contentType: "text/plain", body: "Streamed words arrive" }),
    );
    await page.goto(
      site.page(
        "/scripted",
        hostPage(
          "Scripted",
          `<parley-standard bot="scripted" api-host="${harness.server.url}" style="height:400px"></parley-standard><script src="${harness.server.url}/embed.js"></script>`,
        ),
      ),
    );
    await page.locator("parley-standard").getByText("All done").waitFor();
    expect(await page.evaluate("window.__ran")).toBe(5);
    expect(sent).toEqual([
      { type: "text", text: "computed-5" },
      { type: "text", text: "Streamed words arrive" },
    ]);
    expect(await page.locator("parley-standard .bubble.host").allTextContents()).toEqual([
      "Running code",
      "Streamed words arrive",
      "All done",
    ]);
  });

  it("reports a failed answer through clientLogs and lets the visitor try again", async () => {
    const conversation = await harness.conversation(greeterBot("Flaky network ahead"));
    const page = await openPage(await browser.newContext());
    await page.goto(`${harness.server.url}/${conversation.publicId}`);
    const { chat } = chatPageFrame(page);
    await chat.getByText("Flaky network ahead").waitFor();
    let failures = 1;
    await page.route("**/continueChat", (route) =>
      failures-- > 0
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: '{"code":"INTERNAL_SERVER_ERROR","message":"Internal server error"}',
          })
        : route.continue(),
    );
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByRole("alert").filter({ hasText: "Internal server error" }).waitFor();
    // The input comes back: the same answer goes through on the second try.
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Hello Ada, from Flaky").waitFor();
    await expect
      .poll(async () => (await conversation.logs()).map((log) => log.description))
      .toContain("Failed to send the reply");
    page.problems.length = 0;
  });
});
