import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, recordBuilderMetric, shot, type BuilderHarness } from "./builder-harness.js";
import { largeBot } from "./large-bot.js";

describe("the editor of a large bot", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;

  beforeAll(async () => {
    harness = await createBuilderHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  // How fast it opens and types is measured by bench/editor.measure.ts, not asserted here.
  it("opens a 100-group bot with every group and edge, and typing in a bubble lands in it", async () => {
    const { bot } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: largeBot(100),
    });
    const page = await harness.signedInPage();
    await page.goto(`${harness.server.url}/bots/${bot.id}/edit`);
    await page.locator('[data-testid="group-Step 100"]').waitFor({ state: "attached" });
    expect(await page.locator(".react-flow__node").count()).toBe(101);
    expect(await page.locator(".react-flow__edge").count()).toBe(201);
    await shot(page, "20-editor-100-groups");

    await page.locator('[data-block-id="g0b1"]').click();
    const message = page.locator('[aria-label="Message"]');
    await message.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Thanks");
    await expect.poll(() => message.textContent()).toContain("what next? Thanks");
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
