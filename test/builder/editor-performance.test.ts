import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, recordBuilderMetric, shot, type BuilderHarness } from "./builder-harness.js";
import { largeBot } from "./large-bot.js";

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

describe("editor performance", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;

  beforeAll(async () => {
    harness = await createBuilderHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("opens the editor of a 100-group bot in under 2 seconds", async () => {
    const { bot } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: largeBot(100),
    });
    const page = await harness.signedInPage();
    const loads: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`${harness.server.url}/bots/${bot.id}/edit`);
      await page.locator('[data-testid="group-Step 100"]').waitFor({ state: "attached" });
      await expect.poll(() => page.evaluate(READY)).not.toBeNull();
      const ready = (await page.evaluate(READY)) as number;
      loads.push(Math.round(ready));
    }
    expect(await page.locator(".react-flow__node").count()).toBe(101);
    expect(await page.locator(".react-flow__edge").count()).toBe(201);
    await shot(page, "20-editor-100-groups");
    console.log(`editor of a 100-group bot ready after ${loads.join(", ")} ms (navigation start to painted canvas)`);
    recordBuilderMetric("editor100GroupsLoadMs", median(loads));
    expect(median(loads)).toBeLessThan(2_000);

    // Typing in one block re-renders that block's group, not the canvas.
    await page.locator('[data-block-id="g0b1"]').click();
    const small = (await page.evaluate(KEYSTROKES)) as number[];
    console.log(
      `keystroke to painted frame in the 100-group editor: median ${median(small).toFixed(1)} ms, max ${Math.max(...small).toFixed(1)} ms`,
    );
    recordBuilderMetric("editor100GroupsKeystrokeMedianMs", Number(median(small).toFixed(1)));
    expect(median(small)).toBeLessThan(50);
    expect(page.problems).toEqual([]);
  });

  it("reports the size of the built assets", () => {
    const dir = path.resolve("dist/builder/assets");
    const files = fs.readdirSync(dir);
    const sizes = files.map((file) => {
      const content = fs.readFileSync(path.join(dir, file));
      return { file, bytes: content.length, gzipped: gzipSync(content, { level: 9 }).length };
    });
    const total = sizes.reduce((sum, entry) => sum + entry.bytes, 0);
    const gzipped = sizes.reduce((sum, entry) => sum + entry.gzipped, 0);
    const entry = sizes
      .filter((size) => /^index-.*\.(js|css)$/.test(size.file))
      .reduce((sum, size) => sum + size.gzipped, 0);
    console.log(
      `builder assets: ${(total / 1024).toFixed(1)} KiB, ${(gzipped / 1024).toFixed(1)} KiB gzipped; sign-in and bots list load ${(entry / 1024).toFixed(1)} KiB gzipped`,
    );
    recordBuilderMetric("builderAssetsKiB", Number((total / 1024).toFixed(1)));
    recordBuilderMetric("builderAssetsGzipKiB", Number((gzipped / 1024).toFixed(1)));
    recordBuilderMetric("builderEntryGzipKiB", Number((entry / 1024).toFixed(1)));
    expect(gzipped).toBeLessThan(400 * 1024);
  });
});
