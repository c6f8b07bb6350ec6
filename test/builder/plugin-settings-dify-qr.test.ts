import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

type Json = Record<string, any>;

describe("settings of the ElevenLabs, Dify.AI, ChatNode and QR code blocks", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async (): Promise<Json> => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const blockOptions = async (id: string) =>
    (await stored()).groups[0].blocks.find((block: Json) => block.id === id).options as Json;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  const settings = (type: string) => page.locator(`[data-testid="block-settings"][data-block-type="${type}"]`);
  const credentials = async () =>
    (
      await harness.api<{ credentials: { id: string; name: string; type: string }[] }>(
        "GET",
        `/api/v1/workspaces/${harness.user.workspaceId}/credentials`,
      )
    ).credentials;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Plug-ins",
        variables: [
          { id: "vq", name: "Question" },
          { id: "vchunks", name: "Chunks" },
          { id: "vurl", name: "Image" },
        ],
        groups: [
          {
            id: "g1",
            title: "Plug-ins",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              { id: "dify", type: "dify-ai" },
              { id: "qr", type: "qr-code" },
            ],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Plug-ins"]').waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("connects a Dify.AI account with only a knowledge base key and sets up a knowledge base query", async () => {
    await page.locator('[data-block-id="dify"]').click();
    const panel = settings("dify-ai");
    await panel.getByRole("button", { name: "Connect new" }).click();
    await panel.getByLabel("Name").fill("Team Dify");
    const save = panel.getByRole("button", { name: "Save account" });
    expect(await save.isDisabled()).toBe(true);
    await panel.getByLabel("Knowledge base API key").fill("dataset-secret");
    await panel.getByLabel("Base URL").fill("https://dify.example.com");
    await save.click();
    await panel.getByLabel("Action").selectOption("Query Knowledge Base");
    await panel.getByLabel("Knowledge Base ID").fill("kb-1");
    await panel.getByLabel("Query").fill("{{Question}}");
    await panel.getByRole("button", { name: "Add mapping" }).click();
    await panel.getByLabel("Variable", { exact: true }).selectOption({ label: "Chunks" });
    await saved();
    const created = (await credentials()).find((entry) => entry.name === "Team Dify");
    expect(created?.type).toBe("dify-ai");
    const options = await blockOptions("dify");
    expect(options).toMatchObject({
      credentialsId: created?.id,
      action: "Query Knowledge Base",
      datasetId: "kb-1",
      query: "{{Question}}",
    });
    expect(options.responseMapping).toHaveLength(1);
    expect(options.responseMapping[0]).toMatchObject({ item: "Retrieved chunks", variableId: "vchunks" });
    expect(await page.content()).not.toContain("dataset-secret");
    expect(page.problems).toEqual([]);
  });

  it("sets up a QR code without any account", async () => {
    await page.locator('[data-block-id="qr"]').click();
    const panel = settings("qr-code");
    expect(await panel.getByRole("button", { name: "Connect new" }).count()).toBe(0);
    await panel.getByLabel("Action").selectOption("Generate a QR Code");
    await panel.getByLabel("Data").fill("https://example.com/{{Question}}");
    await panel.getByLabel("Save image URL in variable").selectOption({ label: "Image" });
    await saved();
    expect(await blockOptions("qr")).toEqual({
      action: "Generate a QR Code",
      data: "https://example.com/{{Question}}",
      saveUrlInVariableId: "vurl",
    });
  });

  it("adds ElevenLabs, ChatNode and Dify.AI keys on the credentials screen", async () => {
    await page.goto(`${harness.server.url}/`);
    await page.getByRole("link", { name: "Settings" }).click();
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Credentials" }) });
    for (const [type, name] of [
      ["elevenlabs", "Voices"],
      ["chat-node", "Support bot"],
    ]) {
      await section.getByLabel("Provider").selectOption(type);
      expect(await section.getByLabel("Knowledge base API key").count()).toBe(0);
      await section.getByLabel("Name").fill(name);
      await section.getByLabel("API key", { exact: true }).fill("secret-key");
      await section.getByRole("button", { name: "Add credentials" }).click();
      await section.locator("tr", { hasText: name }).waitFor();
    }
    await section.getByLabel("Provider").selectOption("dify-ai");
    await section.getByLabel("Name").fill("Dify app");
    await section.getByLabel("Knowledge base API key").fill("dataset-key");
    await section.getByRole("button", { name: "Add credentials" }).click();
    await section.locator("tr", { hasText: "Dify app" }).waitFor();
    expect(await section.locator("tr", { hasText: "Dify app" }).textContent()).toContain("Dify.AI");
    const types = Object.fromEntries((await credentials()).map((entry) => [entry.name, entry.type]));
    expect(types).toMatchObject({ Voices: "elevenlabs", "Support bot": "chat-node", "Dify app": "dify-ai" });
  });
});
