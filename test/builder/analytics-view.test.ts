import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greetingBot } from "../helpers/sample-bots.js";
import { seedResults } from "../e2e/results-seed.js";
import { createBuilderHarness, signIn, watch, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Sunday 15 June 2025, 08:00 in New York: "today" there began at 04:00 UTC. */
const NOW = new Date("2025-06-15T12:00:00.000Z");

/** A name, then an e-mail address. */
function twoQuestionBot() {
  const bot = greetingBot();
  bot.name = "Lead capture";
  bot.groups[0]!.blocks.push({ id: "b-mail", type: "email input", options: { variableId: "v-mail" } } as never);
  bot.variables.push({ id: "v-mail", name: "Email" });
  return bot;
}

describe("the analytics view", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  beforeAll(async () => {
    // Its own server: the test moves the server's clock.
    harness = await createBuilderHarness({}, { own: true });
    harness.server.ctx.ports.clock = { now: () => NOW };
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: twoQuestionBot() }));
    await seedResults(harness.server.ctx.store.db, botId, [
      // Today in New York.
      { id: "t-1", createdAt: "2025-06-15T10:00:00.000Z", isCompleted: true },
      { id: "t-2", createdAt: "2025-06-15T09:00:00.000Z", lastInputBlockId: "b-mail" },
      { id: "t-3", createdAt: "2025-06-15T08:00:00.000Z", hasStarted: false },
      { id: "t-4", createdAt: "2025-06-15T05:00:00.000Z", lastInputBlockId: "b-name" },
      // Earlier in the last 7 days (the first is still the 14th in New York).
      { id: "w-1", createdAt: "2025-06-15T02:00:00.000Z", isCompleted: true },
      { id: "w-2", createdAt: "2025-06-13T15:00:00.000Z", lastInputBlockId: "b-mail" },
      { id: "w-3", createdAt: "2025-06-10T15:00:00.000Z", lastInputBlockId: "b-mail" },
      { id: "w-4", createdAt: "2025-06-12T15:00:00.000Z", isCompleted: true },
      // Older: a completion in May, and a visitor left on a block deleted since.
      { id: "o-1", createdAt: "2025-05-20T15:00:00.000Z", isCompleted: true },
      { id: "o-2", createdAt: "2025-01-05T15:00:00.000Z", lastInputBlockId: "b-gone" },
    ]);
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 860 },
      timezoneId: "America/New_York",
    });
    page = await watch(context);
    await signIn(page, harness.server.url, harness.user.email);
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** The figures once the period's counts arrived, as the view shows them: label → value. */
  async function figures(period: string): Promise<Record<string, string>> {
    await page.getByRole("heading", { name: period, exact: true }).waitFor();
    const pairs = await page.$$eval(".analytics-figure", (nodes) =>
      nodes.map((node) => [node.querySelector("dt")?.textContent, node.querySelector("dd")?.textContent]),
    );
    return Object.fromEntries(pairs);
  }
  const dropOffs = () => page.getByRole("list", { name: "Drop-offs per block" }).getByRole("listitem").allInnerTexts();
  const period = () => page.getByRole("combobox", { name: "Period" });

  it("shows the last 7 days first, and the figures of each period chosen", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/results`);
    await page.getByRole("navigation", { name: "Results views" }).getByRole("link", { name: "Analytics" }).click();
    expect(new URL(page.url()).pathname).toBe(`/bots/${botId}/analytics`);
    expect(await figures("Last 7 days")).toEqual({
      Views: "8",
      Starts: "7",
      Completions: "3",
      "Completion rate": "42.9%",
    });
    expect(await dropOffs()).toEqual([
      "Email input · Hello\n3 dropped off (42.9% of starts)",
      "Text input · Hello\n1 dropped off (14.3% of starts)",
    ]);
    await expect.poll(() => page.getByText("Days counted in America/New_York").isVisible()).toBe(true);

    await period().selectOption({ label: "Today" });
    expect(new URL(page.url()).search).toBe("?timeFilter=today");
    expect(await figures("Today")).toEqual({ Views: "4", Starts: "3", Completions: "1", "Completion rate": "33.3%" });
    // Equal counts in the order a visitor meets the blocks.
    expect(await dropOffs()).toEqual([
      "Text input · Hello\n1 dropped off (33.3% of starts)",
      "Email input · Hello\n1 dropped off (33.3% of starts)",
    ]);

    await period().selectOption({ label: "All time" });
    expect(await figures("All time")).toEqual({
      Views: "10",
      Starts: "9",
      Completions: "4",
      "Completion rate": "44.4%",
    });
    expect(await dropOffs()).toEqual([
      "Email input · Hello\n3 dropped off (33.3% of starts)",
      "Text input · Hello\n1 dropped off (11.1% of starts)",
      "A deleted block · b-gone\n1 dropped off (11.1% of starts)",
    ]);

    await period().selectOption({ label: "Last month" });
    expect(await figures("Last month")).toEqual({
      Views: "1",
      Starts: "1",
      Completions: "1",
      "Completion rate": "100%",
    });
    expect(await page.getByText("Nobody who started left the bot midway in this period.").isVisible()).toBe(true);
    expect(page.problems).toEqual([]);
  });

  it("keeps the period over a reload, and carries it to the results table and back", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/analytics?timeFilter=today`);
    expect(await figures("Today")).toEqual({ Views: "4", Starts: "3", Completions: "1", "Completion rate": "33.3%" });
    await page.reload();
    expect(await figures("Today")).toEqual({ Views: "4", Starts: "3", Completions: "1", "Completion rate": "33.3%" });
    expect(await period().inputValue()).toBe("today");

    await page.getByRole("navigation", { name: "Results views" }).getByRole("link", { name: "Results" }).click();
    await page.getByRole("heading", { name: /^Results/ }).waitFor();
    expect(await period().inputValue()).toBe("today");
    await period().selectOption({ label: "Last 30 days" });
    await page.getByRole("navigation", { name: "Results views" }).getByRole("link", { name: "Analytics" }).click();
    expect(await figures("Last 30 days")).toEqual({
      Views: "9",
      Starts: "8",
      Completions: "4",
      "Completion rate": "50%",
    });
    expect(page.problems).toEqual([]);
  });

  it("shows zeros and no rate for a bot nobody has opened yet", async () => {
    const {
      bot: { id: emptyBotId },
    } = await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: twoQuestionBot() });
    await page.goto(`${harness.server.url}/bots/${emptyBotId}/analytics?timeFilter=allTime`);
    expect(await figures("All time")).toEqual({ Views: "0", Starts: "0", Completions: "0", "Completion rate": "–" });
    expect(await page.getByText("Nobody who started left the bot midway in this period.").isVisible()).toBe(true);
    expect(page.problems).toEqual([]);
  });

  it("shows the period's drop-offs on the canvas", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/analytics?timeFilter=today`);
    await figures("Today");
    await page.getByRole("link", { name: "Show on canvas" }).click();
    expect(new URL(page.url()).search).toBe("?dropOffs=today");
    const toggle = page.getByRole("button", { name: "Drop-offs: Today" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await page.getByText("↘ 1 dropped off (33%)").first().waitFor();
    expect(await page.getByText(/dropped off/).allInnerTexts()).toEqual([
      "↘ 1 dropped off (33%)",
      "↘ 1 dropped off (33%)",
    ]);

    // Hidden, they stay hidden after a reload.
    await toggle.click();
    await page.getByRole("button", { name: "Drop-offs", exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.reload();
    await page.getByRole("button", { name: "Drop-offs", exact: true }).waitFor();
    expect(await page.getByText(/dropped off/).count()).toBe(0);
    expect(page.problems).toEqual([]);
  });
});
