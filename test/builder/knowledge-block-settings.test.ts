import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Both knowledge blocks' settings forms: the base picked from the workspace's, and the block's own search mode. */
describe("the knowledge blocks' settings forms", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  let knowledgeBaseId: string;
  const settings = (type: string) => page.locator(`[data-testid="block-settings"][data-block-type="${type}"]`);
  const storedOptions = async (type: string) =>
    (await harness.api("GET", `/api/v1/bots/${botId}`)).bot.groups
      .flatMap((group: { blocks: { type: string; options?: Record<string, unknown> }[] }) => group.blocks)
      .find((block: { type: string }) => block.type === type)?.options;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      knowledgeBase: { id: knowledgeBaseId },
    } = await harness.api("POST", `/api/v1/workspaces/${harness.user.workspaceId}/knowledgeBases`, {
      name: "Help centre",
    }));
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Answers",
        groups: [{ id: "g1", title: "Hello", graphCoordinates: { x: 0, y: 0 }, blocks: [] }],
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

  const addBlock = async (type: string) => {
    await page.locator(`[data-block-type="${type}"]`).first().focus();
    await page.keyboard.press("Enter");
    await settings(type).waitFor();
    return settings(type);
  };

  for (const [type, mode, modeLabel] of [
    ["knowledge answer", "vector", "Vector"],
    ["search knowledge", "fulltext", "Full text"],
  ] as const)
    it(`${type}: picks the base and a search mode, and back to the base's setting`, async () => {
      const form = await addBlock(type);
      const searchMode = form.getByLabel("Search mode");
      expect(await searchMode.locator("option").allTextContents()).toEqual([
        "The base's setting",
        "Full text",
        "Vector",
        "Hybrid",
      ]);
      expect(await searchMode.locator("option:checked").textContent()).toBe("The base's setting");
      await form.getByLabel("Knowledge base").selectOption({ label: "Help centre" });
      await searchMode.selectOption({ label: modeLabel });
      await expect.poll(() => storedOptions(type)).toMatchObject({ knowledgeBaseId, searchMode: mode });
      await searchMode.selectOption({ label: "The base's setting" });
      await expect.poll(async () => (await storedOptions(type))?.searchMode ?? "unset").toBe("unset");
      expect((await storedOptions(type))?.knowledgeBaseId).toBe(knowledgeBaseId);
      await form.getByRole("button", { name: "Delete this block" }).click();
      expect(page.problems).toEqual([]);
    });
});
