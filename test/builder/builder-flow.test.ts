import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBuilderHarness,
  shot,
  stopAfterFirstFailure,
  type BuilderHarness,
  type WatchedPage,
} from "./builder-harness.js";
import { canvasSettled, connect, dragTo, dropBlockInGroup, dropBlockOnCanvas } from "./canvas-actions.js";

/**
 * One bot owner's whole path, in a real browser against a real server: sign in, build a bot by
 * dragging blocks, preview it, fix what the check reports, publish, chat on the public page, read
 * the answers in the results table and export them.
 */
describe("building a bot in the browser", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  let publicUrl: string;
  stopAfterFirstFailure();

  beforeAll(async () => {
    harness = await createBuilderHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const group = (title: string) => page.locator(`[data-testid="group-${title}"]`);
  const settings = () => page.locator('[data-testid="block-settings"]');
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

  it("signs in and creates a bot", async () => {
    page = await harness.signedInPage();
    await shot(page, "01-bots-empty");
    await page.getByRole("button", { name: "Create your first bot" }).click();
    await page.waitForURL(/\/bots\/[^/]+\/edit$/);
    botId = page.url().split("/").at(-2)!;
    await page.getByText("Start", { exact: true }).waitFor();
    await page.getByLabel("Bot name").fill("Plan picker");
  });

  it("builds the flow by dragging blocks and drawing edges", async () => {
    // Pan the canvas so that the start sits on the left, leaving room for the groups.
    await canvasSettled(page);
    const pane = (await page.locator(".react-flow__pane").boundingBox())!;
    await dragTo(
      page,
      { x: pane.x + pane.width / 2, y: pane.y + 40 },
      { x: pane.x + pane.width / 2 - 380, y: pane.y + 40 },
    );
    await canvasSettled(page);
    const start = (await page.locator('[data-testid="event-start"]').boundingBox())!;
    expect(start.x).toBeLessThan(pane.x + pane.width / 2 - 300);
    // Group #1, right of the start: a question, the text input that saves the name, a greeting with the variable, two buttons.
    await dropBlockOnCanvas(page, "text", { x: start.x + start.width + 100, y: start.y - 150 });
    await group("Group #1").waitFor();
    await page.getByRole("textbox", { name: "Message" }).click();
    await page.keyboard.type("Hi! What is your name?");

    await dropBlockInGroup(page, "text input", group("Group #1"));
    await expect.poll(() => settings().getAttribute("data-block-type")).toBe("text input");
    await settings().getByLabel("Save the answer in").selectOption({ label: "+ Create a variable…" });
    await settings().getByLabel("New variable name").fill("name");
    await settings().getByRole("button", { name: "Create" }).click();
    await expect(settings().getByLabel("Save the answer in").inputValue()).resolves.not.toBe("");

    await dropBlockInGroup(page, "text", group("Group #1"));
    await expect.poll(() => settings().getAttribute("data-block-type")).toBe("text");
    await page.getByRole("textbox", { name: "Message" }).click();
    await page.keyboard.type("Nice to meet you, ");
    await page.getByRole("button", { name: "Insert a variable" }).click();
    await page.getByRole("button", { name: "name", exact: true }).click();
    await page.keyboard.type("!");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" Pick a plan:");

    await dropBlockInGroup(page, "choice input", group("Group #1"));
    await expect.poll(() => settings().getAttribute("data-block-type")).toBe("choice input");
    await settings().getByLabel("Button 1 text").fill("Pro");
    await settings().getByRole("button", { name: "Add a button" }).click();
    await settings().getByLabel("Button 2 text").fill("Free");

    // Two more groups, one per button, to the right of the first one.
    await page.getByRole("button", { name: "Close the panel" }).click();
    await canvasSettled(page);
    const first = (await group("Group #1").boundingBox())!;
    await dropBlockOnCanvas(page, "text", { x: first.x + first.width + 160, y: first.y - 40 });
    await page.getByRole("textbox", { name: "Message" }).click();
    await page.keyboard.type("Great choice: {{plan}} it is.");
    await page.getByRole("button", { name: "Close the panel" }).click();
    await dropBlockOnCanvas(page, "text", { x: first.x + first.width + 160, y: first.y + first.height + 40 });
    await page.getByRole("textbox", { name: "Message" }).click();
    await page.keyboard.type("Free is fine too, {{name}}.");
    await page.getByRole("button", { name: "Close the panel" }).click();

    // Opening a new block's settings panned the canvas to keep the block beside the panel: see it all again.
    await page.getByRole("button", { name: "Fit View" }).click();
    // Each edge is on the canvas before the next is drawn: a drag that missed fails here, at its own edge.
    const edges = () => page.locator(".react-flow__edge").count();
    await connect(page, page.locator('[data-testid="event-start"] .react-flow__handle'), group("Group #1"));
    await expect.poll(edges).toBe(1);
    await connect(
      page,
      group("Group #1").locator('.block-item:has-text("Pro") .react-flow__handle'),
      group("Group #2"),
    );
    await expect.poll(edges).toBe(2);
    await connect(
      page,
      group("Group #1").locator('.block-item:has-text("Free") .react-flow__handle'),
      group("Group #3"),
    );
    await expect.poll(edges).toBe(3);
    await saved();
    await shot(page, "02-editor-flow");

    const { bot } = await harness.api("GET", `/api/v1/bots/${botId}`);
    expect(bot.name).toBe("Plan picker");
    expect(
      bot.groups.map((entry: { title: string; blocks: { type: string }[] }) => [
        entry.title,
        entry.blocks.map((block) => block.type),
      ]),
    ).toEqual([
      ["Group #1", ["text", "text input", "text", "choice input"]],
      ["Group #2", ["text"]],
      ["Group #3", ["text"]],
    ]);
    expect(bot.variables.map((variable: { name: string }) => variable.name)).toEqual(["name"]);
    const greeting = bot.groups[0].blocks[2].content.richText;
    expect(greeting).toEqual([
      { type: "p", children: [{ text: "Nice to meet you, {{name}}!" }, { text: " Pick a plan:", bold: true }] },
    ]);
    expect(bot.groups[0].blocks[1].options.variableId).toBe(bot.variables[0].id);
    const choice = bot.groups[0].blocks[3];
    expect(choice.items.map((item: { content: string }) => item.content)).toEqual(["Pro", "Free"]);
    const target = (edgeId: string) => bot.edges.find((edge: { id: string }) => edge.id === edgeId).to.groupId;
    expect(target(choice.items[0].outgoingEdgeId)).toBe(bot.groups[1].id);
    expect(target(choice.items[1].outgoingEdgeId)).toBe(bot.groups[2].id);
    expect(target(bot.events[0].outgoingEdgeId)).toBe(bot.groups[0].id);
  });

  it("previews the draft, answering, with the running block marked on the canvas", async () => {
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    // The preview runs in a sandboxed frame inside the pane.
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Hi! What is your name?").waitFor();
    const input = chat.getByPlaceholder("Type your answer...");
    await input.waitFor();
    // The block the chat waits on is the text input.
    await expect.poll(() => page.locator(".block-row.running .block-label").textContent()).toBe("Text input");
    await input.fill("Ada");
    await input.press("Enter");
    await chat.getByText("Nice to meet you, Ada!").waitFor();
    await chat.getByRole("button", { name: "Pro" }).click();
    await chat.getByText("Great choice:  it is.").waitFor();
    await shot(page, "03-preview");
  });

  it("shows what the check finds on the block, and clears it once fixed", async () => {
    await page.getByRole("button", { name: "Check", exact: true }).click();
    const findings = page.locator('[data-testid="findings"]');
    await findings.waitFor();
    await expect.poll(() => findings.textContent()).toContain("{{plan}}");
    await expect.poll(() => group("Group #2").locator(".block-findings").textContent()).toContain("{{plan}}");
    await shot(page, "04-check-findings");

    // Fix: the buttons save the choice in a new variable "plan" (after fitting the whole flow in view).
    await page.getByRole("button", { name: "Fit View" }).click();
    await group("Group #1").locator(".block-row", { hasText: "Buttons" }).click();
    await settings().getByLabel("Save the answer in").selectOption({ label: "+ Create a variable…" });
    await settings().getByLabel("New variable name").fill("plan");
    await settings().getByLabel("New variable name").press("Enter");
    await saved();
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await page.locator('[data-testid="no-findings"]').waitFor();
    expect(await page.locator(".block-findings").count()).toBe(0);
  });

  it("publishes and shows the public address and the embed code", async () => {
    await page.getByRole("button", { name: "Publish" }).click();
    const link = page.locator('[data-testid="public-url"]');
    await link.waitFor();
    publicUrl = (await link.textContent())!;
    expect(publicUrl).toMatch(new RegExp(`^${harness.server.url}/plan-picker-[a-z0-9]{7}$`));
    const snippet = await page.locator('[data-testid="embed-snippet"]').textContent();
    expect(snippet).toBe(
      `<script src="${harness.server.url}/embed.js"></script>\n<parley-standard bot="${publicUrl.split("/").at(-1)}" style="width: 100%; height: 600px"></parley-standard>`,
    );
    await shot(page, "05-published");
    await page.getByRole("button", { name: "Done" }).click();
  });

  it("chats on the public page", async () => {
    const visitor = await harness.browser.newPage();
    await visitor.goto(publicUrl);
    // The chat is in the page's sandboxed frame.
    const chat = visitor.frameLocator("iframe.chat-frame");
    await chat.getByText("Hi! What is your name?").waitFor();
    await chat.getByPlaceholder("Type your answer...").fill("Grace");
    await chat.getByPlaceholder("Type your answer...").press("Enter");
    await chat.getByText("Nice to meet you, Grace!").waitFor();
    await chat.getByRole("button", { name: "Free" }).click();
    await chat.getByText("Free is fine too, Grace.").waitFor();
    await visitor.screenshot({ path: "test-artifacts/builder/06-public-page.png" });
    await visitor.close();
  });

  it("shows the answers in the results table, a transcript per row, and exports them", async () => {
    await page.getByRole("link", { name: "Results" }).click();
    await page.waitForURL(/\/results$/);
    const row = page.locator('[data-testid="result-row"]');
    await expect.poll(() => row.count()).toBe(1);
    const headers = await page.locator(".results-table thead th").allTextContents();
    expect(headers.slice(1, -1)).toEqual(["Submitted at", "Status", "Version", "name", "plan"]);
    const cells = await row.first().locator("td").allTextContents();
    expect(cells.slice(2, -1)).toEqual(["Completed", "Version 1", "Grace", "Free"]);
    await shot(page, "07-results");

    await row.first().locator("td").nth(3).click();
    const transcript = page.locator('[data-testid="transcript"]');
    await expect
      .poll(() => transcript.locator("li").allTextContents())
      .toEqual([
        "Bot:Hi! What is your name?",
        "Visitor:Grace",
        "Bot:Nice to meet you, Grace! Pick a plan:",
        "Visitor:Free",
        "Bot:Free is fine too, Grace.",
      ]);
    await shot(page, "08-transcript");
    await page.keyboard.press("Escape");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("Grace");
    expect(csv).toContain("Free");
    expect(page.problems).toEqual([]);
  });
});
