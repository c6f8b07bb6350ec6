import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBotTestFile } from "../../src/services/bot-tests/test-file.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Recording a preview conversation as a test, replaying it, and seeing it fail on its block once the bot changes. */

const colourBot = (greeting: string): Record<string, any> => ({
  name: "Colours",
  ...buildBot({
    groups: [
      {
        id: "g-ask",
        title: "Ask",
        blocks: [
          say("b-hello", greeting),
          { id: "b-name", type: "text input", options: { variableId: "v-name" } },
          say("b-nice", "Nice to meet you, {{Name}}."),
          {
            id: "b-color",
            type: "choice input",
            outgoingEdgeId: "e-done",
            items: [
              { id: "i-red", content: "Red" },
              { id: "i-blue", content: "Blue" },
            ],
            options: { variableId: "v-color" },
          },
        ],
      },
      { id: "g-done", title: "Done", blocks: [say("b-done", "You chose {{Color}}.")] },
    ],
    edges: [edge("e-done", "g-done")],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-color", name: "Color" },
    ],
  }),
});

describe("Save as test in the preview", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    const { bot } = await harness.api("POST", "/api/v1/bots/import", {
      workspaceId: harness.user.workspaceId,
      bot: colourBot("Hello! What's your name?"),
    });
    botId = bot.id;
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("records the conversation just had, and the stored test replays and passes", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Ask"]').waitFor();
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    // The preview runs in a sandboxed frame inside the pane.
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Hello! What's your name?").waitFor();
    const input = chat.getByPlaceholder("Type your answer...");
    await input.fill("Ada");
    await input.press("Enter");
    await chat.getByRole("button", { name: "Blue" }).click();
    await chat.getByText("You chose Blue.").waitFor();

    await page.getByRole("button", { name: "Save as test" }).click();
    const status = page.locator('[data-testid="save-as-test-status"]');
    await expect.poll(() => status.textContent()).toMatch(/^Saved as the test "Recorded [\d-]+ [\d:]+"\.$/);
    await shot(page, "bot-tests-01-saved");

    const { yaml } = await harness.api("GET", `/api/v1/bots/${botId}/tests`);
    const file = parseBotTestFile(yaml);
    expect(file.conversations).toHaveLength(1);
    expect(file.conversations[0].steps).toEqual([
      { bot: "Hello! What's your name?" },
      { input: "text input" },
      { user: "Ada" },
      { bot: "Nice to meet you, Ada." },
      { input: "choice input" },
      { choices: ["Red", "Blue"] },
      { user: "Blue" },
      { bot: "You chose Blue." },
    ]);
    const run = await harness.api("POST", `/api/v1/bots/${botId}/tests/run`);
    expect(run.conversations.map((c: { passed: boolean }) => c.passed)).toEqual([true]);
  });

  it("the Check button runs the tests and shows a failure beside the findings, on its block", async () => {
    const changed = colourBot("Hi there! Your name?");
    await harness.api("PATCH", `/api/v1/bots/${botId}`, { bot: { groups: changed.groups }, overwrite: true });
    await page.reload();
    await page.locator('[data-testid="group-Ask"]').waitFor();
    await page.getByRole("button", { name: "Check", exact: true }).click();
    const findings = page.locator('[data-testid="findings"]');
    await findings.waitFor();
    await expect
      .poll(() => findings.textContent())
      .toContain(
        `failed at bot: "Hello! What's your name?": expected Hello! What's your name?, got Hi there! Your name?`,
      );
    const marked = page.locator(".block-row.has-findings");
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.locator(".block-findings").textContent()).toContain("got Hi there! Your name?");
    await shot(page, "bot-tests-02-check");
    expect(page.problems).toEqual([]);
  });
});
