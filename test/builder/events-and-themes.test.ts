import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInThemeTemplates } from "../../src/schemas/theme-templates-builtin.js";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { computedStyle, connect } from "./canvas-actions.js";

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** Start → Ask (a question, a text input) → Thanks; Noted (reached by nothing yet) returns to the flow. */
function replyBot() {
  return {
    name: "Events",
    events: [{ id: "start", type: "start", graphCoordinates: { x: -260, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "gask",
        title: "Ask",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [text("q", "What is your name?"), { id: "name", type: "text input", outgoingEdgeId: "e1" }],
      },
      { id: "gthanks", title: "Thanks", graphCoordinates: { x: 400, y: 0 }, blocks: [text("bye", "Bye now")] },
      {
        id: "gnoted",
        title: "Noted",
        graphCoordinates: { x: 400, y: 260 },
        blocks: [text("noted", "Noted: {{answer}}"), { id: "back", type: "Return" }],
      },
    ],
    edges: [
      { id: "e0", from: { eventId: "start" }, to: { groupId: "gask" } },
      { id: "e1", from: { blockId: "name" }, to: { groupId: "gthanks" } },
    ],
    variables: [{ id: "vanswer", name: "answer" }],
    theme: { chat: { hostBubbles: { backgroundColor: "#abc" } } },
  };
}

describe("events and theme templates in the editor", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  const group = (title: string) => page.locator(`[data-testid="group-${title}"]`);
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: replyBot() }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await group("Noted").waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("adds a reply event from the palette, sets it up, connects it, and the preview runs it", async () => {
    await page.getByRole("button", { name: /^On reply \(event/ }).click();
    const event = page.locator('[data-testid="event-reply"]');
    await event.waitFor();
    const settings = page.locator(".event-settings");
    await settings.getByLabel("Save the answer in").selectOption({ label: "answer" });
    await page.getByRole("button", { name: "Fit View" }).click();
    await connect(page, event.locator(".source-handle"), group("Noted"));
    await saved();
    const bot = await stored();
    const reply = bot.events.find((entry: { type: string }) => entry.type === "reply");
    expect(reply.options).toEqual({ contentVariableId: "vanswer" });
    expect(bot.edges.find((edge: { id: string }) => edge.id === reply.outgoingEdgeId).to).toEqual({
      groupId: "gnoted",
    });

    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    const input = chat.getByPlaceholder("Type your answer...");
    await input.waitFor();
    await input.fill("Ada");
    await input.press("Enter");
    await chat.getByText("Noted: Ada").waitFor();
    await chat.getByText("Bye now").waitFor();
    await shot(page, "canvas-reply-event");
  });

  it("adds a command event from the canvas menu and edits its command like any setting", async () => {
    await page.locator(".react-flow__pane").click({ button: "right", position: { x: 60, y: 60 } });
    await page
      .getByRole("menu", { name: "Canvas actions" })
      .getByRole("menuitem", { name: "Add a command event" })
      .click();
    const command = page.locator('[data-testid="event-command"]');
    await command.waitFor();
    await page.locator(".event-settings").getByLabel("Command").fill("/restart");
    await expect.poll(() => command.locator("code").textContent()).toBe("/restart");
    await page.getByRole("button", { name: "Close the panel" }).click();
    await command.getByRole("button", { name: "Command event settings" }).click();
    expect(await page.locator(".event-settings").getByLabel("Command").inputValue()).toBe("restart");
    await saved();
    const stored_ = await stored();
    expect(stored_.events.find((entry: { type: string }) => entry.type === "command").options).toEqual({
      command: "restart",
    });
  });

  it("shows the theme's own colours, applies a built-in template, and saves the theme as a template", async () => {
    await page.getByRole("button", { name: "Theme", exact: true }).click();
    const bubbles = page.getByRole("group", { name: "Bot bubbles" });
    // The bot's own colour, in the field and the picker; an unset one shows the chat's default.
    expect(await bubbles.getByLabel("Background", { exact: true }).inputValue()).toBe("#abc");
    expect(await bubbles.getByLabel("Background picker").inputValue()).toBe("#aabbcc");
    const visitor = page.getByRole("group", { name: "Visitor bubbles" });
    expect(await visitor.getByLabel("Background", { exact: true }).getAttribute("placeholder")).toBe("#FF8E21");
    expect(await visitor.getByLabel("Background picker").inputValue()).toBe("#ff8e21");

    const templates = page.getByRole("list", { name: "Theme templates" });
    expect(await templates.getByRole("button").allTextContents()).toEqual(
      expect.arrayContaining(["Default", "Dark", "Minimal", "Playful"]),
    );
    await templates.getByRole("button", { name: "Dark" }).click();
    await expect
      .poll(() =>
        computedStyle(page.frameLocator(".theme-preview iframe").locator(".bubble.host").first(), "backgroundColor"),
      )
      .toBe("rgb(45, 55, 72)");
    expect(await bubbles.getByLabel("Background", { exact: true }).inputValue()).toBe("#2D3748");
    expect(await templates.getByRole("button", { name: "Dark" }).getAttribute("aria-pressed")).toBe("true");
    await saved();
    const dark = builtInThemeTemplates.find((template) => template.name === "Dark")!;
    let bot = await stored();
    expect({ id: bot.selectedThemeTemplateId, theme: bot.theme }).toEqual({ id: dark.id, theme: dark.theme });

    await bubbles.getByLabel("Background", { exact: true }).fill("#123456");
    await page.getByLabel("Save the current theme as a template").fill("Brand");
    await page.getByRole("button", { name: "Save as template" }).click();
    await page.getByText('Saved as template "Brand"').waitFor();
    await saved();
    const listed = await harness.api("GET", `/api/v1/workspaces/${harness.user.workspaceId}/themeTemplates`);
    expect(listed.themeTemplates.map((template: { name: string }) => template.name)).toEqual(["Brand"]);
    expect(listed.themeTemplates[0].theme.chat.hostBubbles.backgroundColor).toBe("#123456");
    bot = await stored();
    expect(bot.selectedThemeTemplateId).toBe(listed.themeTemplates[0].id);

    await page.reload();
    await group("Noted").waitFor();
    await page.getByRole("button", { name: "Theme", exact: true }).click();
    const brand = page
      .getByRole("list", { name: "Theme templates" })
      .getByRole("button", { name: "Brand", exact: true });
    await expect.poll(() => brand.getAttribute("aria-pressed")).toBe("true");
    await shot(page, "theme-templates");
    expect(page.problems).toEqual([]);
  });
});
