import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockCatalogue, notRunnableKinds } from "../../src/schemas/blocks/catalogue/index.js";
import type { BlockType } from "../../src/schemas/blocks/index.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

// Read from the catalogue, not hard-coded: whichever kinds this server still cannot run.
const listed = Object.entries(notRunnableKinds) as [BlockType, string][];
const [kind, needs] = listed[0] ?? [];

describe.skipIf(!kind)("blocks this server cannot run, in the builder", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Marked",
        groups: [
          {
            id: "g1",
            title: "Hello",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              { id: "b-stuck", type: kind },
              { id: "b-cal", type: "cal-com", options: { action: "Book event", link: "ada/intro" } },
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

  it("marks every listed kind in the palette with what it needs, and no runnable one", async () => {
    for (const [type, reason] of listed) {
      const item = page.locator(`.palette-item[data-block-type="${type}"]`);
      if (type === "OpenAI") continue; // not offered for new bots
      expect(await item.getAttribute("data-needs")).toBe(reason);
      expect(await item.locator(".palette-needs").textContent()).toBe(reason);
    }
    expect(await page.locator('.palette-item[data-block-type="cal-com"]').getAttribute("data-needs")).toBeNull();
    expect(await page.locator('.palette-item[data-block-type="text"] .palette-needs').count()).toBe(0);
  });

  it("says so in the block's settings", async () => {
    await page.locator('[data-block-id="b-stuck"]').click();
    const settings = page.locator(`[data-testid="block-settings"][data-block-type="${kind}"]`);
    await settings.waitFor();
    expect(await settings.getByTestId("block-needs").textContent()).toBe(
      `This block cannot run on this server yet: it ${needs}. Visitors who reach it skip it, with an error in the result's logs.`,
    );
    await page.locator('[data-block-id="b-cal"]').click();
    await page.locator('[data-testid="block-settings"][data-block-type="cal-com"]').waitFor();
    expect(await page.getByTestId("block-needs").count()).toBe(0);
    // A runnable plug-in gets its own form.
    expect(await page.getByLabel("Event link").inputValue()).toBe("ada/intro");
    expect(await page.getByLabel("Action").inputValue()).toBe("Book event");
    expect(page.problems).toEqual([]);
  });

  it("is an error of the publish check", async () => {
    const { findings } = await harness.api("POST", `/api/v1/bots/${botId}/lint`);
    expect(findings).toContainEqual({
      severity: "error",
      groupId: "g1",
      blockId: "b-stuck",
      message: `${blockCatalogue[kind as BlockType].label} cannot run on this server: it ${needs}`,
    });
    expect(findings.filter((finding: { blockId?: string }) => finding.blockId === "b-cal")).toEqual([]);
  });
});
