import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { attributes, computedStyle } from "./canvas-actions.js";

describe("the editor's panels", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Panels",
        variables: [{ id: "vcity", name: "city" }],
        groups: [
          {
            id: "g1",
            title: "Hello",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              {
                id: "b1",
                type: "text",
                content: { richText: [{ type: "p", children: [{ text: "Welcome to {{city}}" }] }] },
              },
            ],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Hello"]').waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("finds blocks by searching the side bar", async () => {
    await page.getByLabel("Search blocks").fill("mail");
    const found = await attributes(page.locator(".palette-item"), "data-block-type");
    expect(found).toEqual(["email input", "Email", "gmail"]);
    await page.getByLabel("Search blocks").fill("zzz");
    await page.getByText("No block matches “zzz”.").waitFor();
    await page.getByLabel("Search blocks").fill("");
  });

  it("adds every block type from the keyboard and opens its settings", async () => {
    const types = (await attributes(page.locator(".palette-item[data-block-type]"), "data-block-type")) as string[];
    expect(types).toHaveLength(59);
    for (const type of types) {
      await page.locator(`[data-block-type="${type}"]`).focus();
      await page.keyboard.press("Enter");
      const settings = page.locator(`[data-testid="block-settings"][data-block-type="${type}"]`);
      await settings.waitFor();
      expect(await settings.locator("input, select, textarea, [contenteditable], p").count()).toBeGreaterThan(0);
      if (type === "Webhook") await shot(page, "13-http-request-settings");
      await settings.getByRole("button", { name: "Delete this block" }).click();
    }
    expect(page.problems).toEqual([]);
    await saved();
    expect((await stored()).groups.map((group: { title: string }) => group.title)).toEqual(["Hello"]);
  });

  it("formats a text bubble: italic, underline and a link, and previews from its group", async () => {
    await page.locator('[data-block-id="b1"]').click();
    const area = page.getByRole("textbox", { name: "Message" });
    await area.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await page.getByRole("button", { name: "Italic" }).click();
    await page.keyboard.type("today");
    await page.getByRole("button", { name: "Italic" }).click();
    await page.getByRole("button", { name: "Underline" }).click();
    await page.keyboard.type(" now");
    await page.getByRole("button", { name: "Underline" }).click();
    await page.keyboard.type(" ");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByLabel("Link address").fill("https://example.com/map");
    await page.getByRole("button", { name: "Add link" }).click();
    await saved();
    expect((await stored()).groups[0].blocks[0].content.richText).toEqual([
      {
        type: "p",
        children: [
          { text: "Welcome to {{city}} " },
          { text: "today", italic: true },
          { text: " now", underline: true },
          { text: " " },
          { type: "a", url: "https://example.com/map", children: [{ text: "https://example.com/map" }] },
        ],
      },
    ]);
    await page.getByRole("button", { name: "Preview from Hello" }).click();
    // The preview runs in a sandboxed frame inside the pane.
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.locator("em", { hasText: "today" }).waitFor();
    expect(await chat.locator("a").getAttribute("href")).toBe("https://example.com/map");
    expect(await page.getByLabel("Start from").inputValue()).toBe("g1");
  });

  it("renames a variable everywhere it is written, and marks one as session-only", async () => {
    await page.getByRole("button", { name: "Variables", exact: true }).click();
    await page.getByLabel("New variable").fill("age");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByLabel("Name of city").fill("town");
    await page.getByLabel("Name of city").press("Enter");
    await page.locator('[data-testid="variable-age"]').getByLabel("Session only (not saved in results)").check();
    await page.locator('[data-testid="variable-town"]').getByRole("button", { name: "Used in 1 block" }).click();
    await page.locator('[data-testid="variable-town"]').getByRole("button", { name: "Hello" }).waitFor();
    await shot(page, "14-variables");
    await saved();
    const bot = await stored();
    expect(bot.variables).toEqual([
      { id: "vcity", name: "town" },
      { id: expect.any(String), name: "age", isSessionVariable: true },
    ]);
    expect(bot.groups[0].blocks[0].content.richText[0].children[0]).toEqual({ text: "Welcome to {{town}} " });
  });

  it("edits the theme with a live preview, and the settings", async () => {
    await page.getByRole("button", { name: "Theme", exact: true }).click();
    const bubbles = page.getByRole("group", { name: "Bot bubbles" });
    await bubbles.getByLabel("Background", { exact: true }).fill("#112233");
    // The theme is drawn in the sandboxed preview frame, not in the builder's document.
    const preview = page.frameLocator(".theme-preview iframe");
    await expect
      .poll(() => computedStyle(preview.locator(".bubble.host").first(), "backgroundColor"))
      .toBe("rgb(17, 34, 51)");
    await page.getByLabel("Font (Google font family)").fill("Lato");
    await shot(page, "15-theme");

    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByLabel("Remember the visitor").check();
    await page.getByLabel("Remember for").selectOption("local");
    await page.getByLabel("Words per minute").fill("250");
    await page.getByLabel("Allowed origins (one per line; empty allows all)").fill("https://example.com");
    await saved();
    const bot = await stored();
    expect(bot.theme.chat.hostBubbles).toEqual({ backgroundColor: "#112233" });
    expect(bot.theme.general.font).toEqual({ type: "Google", family: "Lato" });
    expect(bot.settings.general.rememberUser).toEqual({ isEnabled: true, storage: "local" });
    expect(bot.settings.typingEmulation.speed).toBe(250);
    expect(bot.settings.security.allowedOrigins).toEqual(["https://example.com"]);
    expect(page.problems).toEqual([]);
  });
});
