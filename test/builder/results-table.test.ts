import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Name, then a plan picked from two buttons, then a thank-you. */
function surveyBot() {
  return {
    name: "Survey",
    variables: [
      { id: "vname", name: "name" },
      { id: "vplan", name: "plan" },
      { id: "vsource", name: "source" },
    ],
    events: [{ id: "start", type: "start", graphCoordinates: { x: -260, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "g1",
        title: "Ask",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "bname", type: "text input", options: { variableId: "vname" } },
          {
            id: "bplan",
            type: "choice input",
            options: { variableId: "vplan" },
            items: [
              { id: "ipro", content: "Pro" },
              { id: "ifree", content: "Free" },
            ],
          },
          {
            id: "bthanks",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "Thanks {{name}}" }] }] },
          },
        ],
      },
    ],
    edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } }],
  };
}

describe("the results table", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  const chat = async (publicId: string, name: string, plan?: string) => {
    const post = (url: string, body: unknown) =>
      fetch(`${harness.server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<any>);
    const start = await post(`/api/v1/bots/${publicId}/startChat`, { prefilledVariables: { source: "ads" } });
    await post(`/api/v1/sessions/${start.sessionId}/continueChat`, { message: name });
    if (plan) await post(`/api/v1/sessions/${start.sessionId}/continueChat`, { message: plan });
  };

  beforeAll(async () => {
    harness = await createBuilderHarness({ PARLEY_RATE_LIMIT_START_PER_MINUTE: "1000" });
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: surveyBot() }));
    const { publicId } = await harness.api("POST", `/api/v1/bots/${botId}/publish`);
    for (let index = 0; index < 60; index++) await chat(publicId, `Visitor ${index}`, index % 3 === 0 ? "Pro" : "Free");
    for (let index = 0; index < 4; index++) await chat(publicId, `Leaver ${index}`);
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const rows = () => page.locator('[data-testid="result-row"]');
  const headers = async () => (await page.locator(".results-table thead th").allTextContents()).slice(1, -1);

  it("loads more rows by cursor as the table scrolls", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/results`);
    await expect.poll(() => rows().count()).toBe(50);
    expect(await headers()).toEqual(["Submitted at", "Status", "Version", "name", "plan", "source"]);
    expect((await rows().first().locator("td").allTextContents()).slice(2, -1)).toEqual([
      "Not completed",
      "Version 1",
      "Leaver 3",
      "",
      "ads",
    ]);
    expect((await rows().nth(4).locator("td").allTextContents()).slice(2, 5)).toEqual([
      "Completed",
      "Version 1",
      "Visitor 59",
    ]);
    await rows().last().scrollIntoViewIfNeeded();
    await page.locator(".results-scroll").evaluate((element: any) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(() => rows().count()).toBe(64);
    await shot(page, "18-results-table");
  });

  it("hides and reorders columns, saved with the bot", async () => {
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("dialog", { name: "Columns" }).getByRole("checkbox", { name: "source" }).uncheck();
    await page.getByRole("button", { name: "Move plan left" }).click();
    await expect.poll(headers).toEqual(["Submitted at", "Status", "Version", "plan", "name"]);
    await expect
      .poll(async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot.resultsTablePreferences)
      .toEqual({
        columnsOrder: ["createdAt", "status", "version", "bplan", "bname", "var:vsource"],
        columnsVisibility: { "var:vsource": false },
        columnsWidth: {},
      });
    await page.reload();
    await expect.poll(headers).toEqual(["Submitted at", "Status", "Version", "plan", "name"]);
  });

  it("archives selected results and exports the period shown", async () => {
    await expect.poll(() => rows().count()).toBe(50);
    await rows().nth(0).getByRole("checkbox").check();
    await rows().nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Archive (2)" }).click();
    await page.getByRole("dialog", { name: "Archive 2 results?" }).getByRole("button", { name: "Archive" }).click();
    await expect.poll(async () => (await rows().first().locator("td").allTextContents())[5]).toBe("Leaver 1");

    await page.getByLabel("Period").selectOption("allTime");
    const link = page.getByRole("link", { name: "Export CSV" });
    expect(await link.getAttribute("href")).toContain("timeFilter=allTime");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const lines = fs
      .readFileSync((await download.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(1 + 62);
    expect(lines.some((line) => line.includes("Leaver 3"))).toBe(false);
  });

  it("gives an open result its own URL: a reload or a link opens its transcript again", async () => {
    const row = rows().filter({ hasText: "Visitor 59" });
    await row.getByRole("button").first().click();
    await page.waitForURL(/\/results\/[^/]+$/);
    const resultUrl = page.url();
    const transcript = page.locator('[data-testid="transcript"]');
    await expect.poll(() => transcript.locator("li").first().textContent()).toBe("Visitor:Visitor 59");

    await page.reload();
    await expect.poll(() => transcript.locator("li").first().textContent()).toBe("Visitor:Visitor 59");
    await shot(page, "18b-result-url");

    // Closing goes back to the table's address; the browser's back button reopens it.
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/results$/);
    expect(await transcript.count()).toBe(0);
    await page.goBack();
    await page.waitForURL(resultUrl);
    await expect.poll(() => transcript.locator("li").first().textContent()).toBe("Visitor:Visitor 59");

    // A link opened in a fresh tab (nothing loaded yet) shows the same result.
    const fresh = await harness.signedInPage();
    await fresh.goto(resultUrl);
    await expect
      .poll(() => fresh.locator('[data-testid="transcript"] li').first().textContent())
      .toBe("Visitor:Visitor 59");
    expect(fresh.problems).toEqual([]);
    await fresh.close();
    await page.keyboard.press("Escape");
    expect(page.problems).toEqual([]);
  });

  it("shows on the canvas how many visitors stopped at each input", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.getByRole("button", { name: "Drop-offs" }).click();
    const buttons = page.locator('[data-block-id="bplan"] .drop-off');
    await buttons.waitFor();
    expect(await buttons.textContent()).toMatch(/^↘ \d+ dropped off \(\d+%\)$/);
    await shot(page, "19-drop-offs");
    expect(page.problems).toEqual([]);
  });
});
