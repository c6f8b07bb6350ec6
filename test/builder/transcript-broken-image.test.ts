import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Issue #37: an image that no longer loads showed as an empty bubble in the transcript. */
describe("a broken image in the transcript", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("shows the image's address", async () => {
    const imageUrl = `${harness.server.url}/gone/logo.png`;
    const { bot } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Pictures",
        variables: [{ id: "vname", name: "name" }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -260, y: 0 }, outgoingEdgeId: "e0" }],
        groups: [
          {
            id: "g1",
            title: "Ask",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              { id: "bimg", type: "image", content: { url: imageUrl } },
              { id: "bname", type: "text input", options: { variableId: "vname" } },
            ],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } }],
      },
    });
    const { publicId } = await harness.api("POST", `/api/v1/bots/${bot.id}/publish`);
    const post = (url: string, body: unknown) =>
      fetch(`${harness.server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ sessionId: string }>);
    const start = await post(`/api/v1/bots/${publicId}/startChat`, {});
    await post(`/api/v1/sessions/${start.sessionId}/continueChat`, { message: "Ada" });
    const { results } = await harness.api("GET", `/api/v1/bots/${bot.id}/results`);
    expect(results).toHaveLength(1);

    await page.goto(`${harness.server.url}/bots/${bot.id}/results/${results[0].id}`);
    const broken = page.locator('[data-testid="transcript-broken-image"]');
    await broken.waitFor();
    expect(await broken.textContent()).toBe(`Image that did not load: ${imageUrl}`);
  });
});
