// How quickly the builder opens and edits a large bot, against the same editor on a one-group bot in
// the same run (the baseline): real server, real Chromium. Prints the figures; asserts nothing.
import { it } from "vitest";
import { createBuilderHarness, type BuilderHarness } from "../test/builder/builder-harness.js";
import { largeBot } from "../test/builder/large-bot.js";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Typing in a text bubble: time from each inserted character to the next painted frame (runs in the page). */
const KEYSTROKES = `(async () => {
  const area = document.querySelector('[aria-label="Message"]');
  area.focus();
  const selection = getSelection();
  selection.selectAllChildren(area);
  selection.collapseToEnd();
  const times = [];
  for (let index = 0; index < 30; index++) {
    const started = performance.now();
    document.execCommand("insertText", false, "x");
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    times.push(performance.now() - started);
  }
  return times;
})()`;

const READY = `performance.getEntriesByName("parley:editor-ready")[0]?.startTime ?? null`;

async function measureEditor(harness: BuilderHarness, groups: number) {
  const { bot } = await harness.api("POST", "/api/v1/bots", {
    workspaceId: harness.user.workspaceId,
    bot: largeBot(groups),
  });
  const page = await harness.signedInPage();
  const loads: number[] = [];
  for (let run = 0; run < 5; run++) {
    await page.goto(`${harness.server.url}/bots/${bot.id}/edit`);
    await page.locator(`[data-testid="group-Step ${groups}"]`).waitFor({ state: "attached" });
    for (let wait = 0; wait < 100 && (await page.evaluate(READY)) === null; wait++) await page.waitForTimeout(50);
    loads.push(Math.round((await page.evaluate(READY)) as number));
  }
  await page.locator('[data-block-id="g0b1"]').click();
  const keystrokes = (await page.evaluate(KEYSTROKES)) as number[];
  await page.close();
  return { loadMs: median(loads), keystrokeMs: median(keystrokes) };
}

it("measures", async () => {
  const harness = await createBuilderHarness();
  try {
    const baseline = await measureEditor(harness, 1);
    const large = await measureEditor(harness, 100);
    const row = (label: string, figures: typeof baseline) =>
      `${label.padEnd(18)} ready ${String(figures.loadMs).padStart(5)} ms (×${(figures.loadMs / baseline.loadMs).toFixed(2)})` +
      `   keystroke ${figures.keystrokeMs.toFixed(1).padStart(5)} ms (×${(figures.keystrokeMs / baseline.keystrokeMs).toFixed(2)})`;
    console.log(`${row("1-group bot", baseline)}\n${row("100-group bot", large)}`);
  } finally {
    await harness.close();
  }
});
