import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { connect } from "./canvas-actions.js";

/** A hand-off's two exits on the canvas: "No operator" drawn by hand, stored as options.noOperatorEdgeId. */
describe("a hand-off's 'No operator' exit drawn in the browser", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const group = (title: string) => page.locator(`[data-testid="group-${title}"]`);

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Hand-off exits",
        groups: [
          {
            id: "g-hand-off",
            title: "Hand off",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "h", type: "hand off", options: { waitingMessage: "Wait", timeoutSeconds: 120 } }],
          },
          {
            id: "g-nobody",
            title: "Nobody free",
            graphCoordinates: { x: 460, y: 180 },
            blocks: [{ id: "t", type: "text", content: { richText: [{ type: "p", children: [{ text: "Sorry" }] }] } }],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g-hand-off" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await group("Hand off").waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("shows 'Handed back' and 'No operator · 120 s', and stores the drawn edge in the block's options", async () => {
    const exit = page.locator('[data-testid="no-operator-exit-h"]');
    expect(await exit.textContent()).toBe("No operator · 120 s");
    await group("Hand off").getByText("Handed back").waitFor();
    await connect(page, exit.locator(".react-flow__handle"), group("Nobody free"));
    await expect.poll(() => page.locator(".react-flow__edge").count(), { timeout: 20_000 }).toBe(2);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    const bot = await stored();
    const block = bot.groups[0].blocks[0];
    expect(block.options.noOperatorEdgeId).toEqual(expect.any(String));
    expect(block.outgoingEdgeId).toBeUndefined();
    expect(bot.edges.find((edge: { id: string }) => edge.id === block.options.noOperatorEdgeId)).toEqual({
      id: block.options.noOperatorEdgeId,
      from: { blockId: "h" },
      to: { groupId: "g-nobody" },
    });
    await shot(page, "81-no-operator-edge");
    expect(page.problems).toEqual([]);
  });
});
