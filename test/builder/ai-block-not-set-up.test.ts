import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Issue #37: an imported ChatGPT template leaves the AI block's model empty; the author hears it, the visitor goes on. */
const chatGptTemplate = {
  name: "ChatGPT",
  ...buildBot({
    groups: [
      {
        id: "g-ask",
        title: "Ask",
        blocks: [
          say("b-hello", "Ask me anything."),
          {
            id: "b-ai",
            type: "openai",
            outgoingEdgeId: "e-after",
            options: { credentialsId: "cred-missing", action: "Create chat completion" },
          },
        ],
      },
      { id: "g-after", title: "After", blocks: [say("b-after", "Anything else?")] },
    ],
    edges: [edge("e-after", "g-after")],
  }),
};

describe("an AI block without a model", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    const { bot } = await harness.api("POST", "/api/v1/bots/import", {
      workspaceId: harness.user.workspaceId,
      bot: chatGptTemplate,
    });
    botId = bot.id;
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("is an error in the publish check, and the preview shows the author its error while the chat goes on", async () => {
    const { findings } = await harness.api("POST", `/api/v1/bots/${botId}/lint`);
    expect(findings).toEqual([
      {
        severity: "error",
        groupId: "g-ask",
        blockId: "b-ai",
        message: 'OpenAI has no model: choose the model "Create chat completion" uses',
      },
    ]);

    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Ask"]').waitFor();
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Anything else?").waitFor();
    const errors = page.locator('[data-testid="preview-errors"]');
    await expect.poll(() => errors.textContent()).toBe("A block failed in this previewNo model provided");
  });

  it("publishes, and the publish dialog gives the apiHost line for a site on Typebot's client", async () => {
    await page.getByRole("button", { name: "Publish" }).click();
    const link = page.locator('[data-testid="public-url"]');
    await link.waitFor();
    const publicId = (await link.textContent())!.split("/").at(-1);
    await page.getByRole("tab", { name: "Typebot's client" }).click();
    expect(await page.locator('[data-testid="embed-snippet"]').textContent()).toBe(
      `Typebot.initStandard({ typebot: "${publicId}", apiHost: "${harness.server.url}" })\n<!-- or, as an element: -->\n<typebot-standard typebot="${publicId}" api-host="${harness.server.url}"></typebot-standard>`,
    );
  });
});
