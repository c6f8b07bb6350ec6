import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

const richText = (text: string) => [{ type: "p", children: [{ text }] }];

/** The builder: the wait-for-webhook block's URLs, and its preview resumed through the test URL. */
describe("the wait-for-webhook block in the builder", { timeout: 180_000 }, () => {
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
        name: "Payments",
        variables: [{ id: "v-name", name: "Name" }],
        groups: [
          {
            id: "g1",
            title: "Pay",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              { id: "t-wait", type: "text", content: { richText: richText("Waiting for your payment") } },
              {
                id: "b-hook",
                type: "webhook",
                options: { responseVariableMapping: [{ id: "m1", bodyPath: "data.name", variableId: "v-name" }] },
              },
              { id: "t-paid", type: "text", content: { richText: richText("Thank you, {{Name}}") } },
            ],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("shows the block's URLs with its mapping, with no not-runnable marking", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Pay"]').waitFor();
    await page.locator('[data-block-id="b-hook"]').click();
    const settings = page.locator('[data-testid="block-settings"][data-block-type="webhook"]');
    await settings.waitFor();
    const base = `${harness.server.url}/api/v1/bots/${botId}/blocks/b-hook`;
    expect(await settings.getByTestId("webhook-live-url").textContent()).toBe(
      `${base}/results/{resultId}/executeWebhook`,
    );
    expect(await settings.getByTestId("webhook-test-url").textContent()).toBe(`${base}/web/executeTestWebhook`);
    expect(await settings.getByLabel("Data path").inputValue()).toBe("data.name");
    expect(await page.getByTestId("block-needs").count()).toBe(0);
    expect(await page.locator('.palette-item[data-block-type="webhook"]').getAttribute("data-needs")).toBeNull();
  });

  it("resumes the preview when the test URL is called", async () => {
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Waiting for your payment").waitFor();
    // The preview listens before the call; a call made earlier would find no preview waiting.
    await expect
      .poll(async () => {
        try {
          return await harness.api("POST", `/api/v1/bots/${botId}/blocks/b-hook/web/executeTestWebhook`, {
            name: "Ada",
          });
        } catch (error) {
          return String(error);
        }
      })
      .toEqual({ message: "OK" });
    await chat.getByText("Thank you, Ada").waitFor({ timeout: 20_000 });
    expect(page.problems).toEqual([]);
  });
});
