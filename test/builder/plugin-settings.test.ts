import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

describe("plug-in settings forms (NocoDB, Segment) and their credentials", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const settings = (type: string) => page.locator(`[data-testid="block-settings"][data-block-type="${type}"]`);
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  const storedOptions = async (type: string) =>
    (await stored()).groups
      .flatMap((group: { blocks: { type: string; options?: Record<string, unknown> }[] }) => group.blocks)
      .find((block: { type: string }) => block.type === type)?.options;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Plug-ins",
        variables: [{ id: "vname", name: "name" }],
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

  it("connects a NocoDB account from the block and saves a search with its filter and mapping", async () => {
    const form = await addBlock("nocodb");
    await form.getByRole("button", { name: "Connect new" }).click();
    await form.getByLabel("Name").fill("Team NocoDB");
    await form.getByLabel("API key").fill("nc-secret-token");
    await form.getByLabel("Base URL").fill("https://nocodb.example.com");
    await form.getByRole("button", { name: "Save account" }).click();
    await expect
      .poll(async () => (await form.getByLabel("Account").locator("option:checked").textContent()) ?? "")
      .toBe("Team NocoDB");
    await form.getByLabel("Action").selectOption("Search Records");
    await form.getByLabel("Table ID").fill("tbl_people");
    await form.getByLabel("Return").selectOption("First");
    await form.getByRole("button", { name: "Add a comparison" }).click();
    await form.getByLabel("Column").fill("City");
    await form.getByLabel("Operator").selectOption("Starts with");
    await form.getByLabel("Value").fill("Par");
    await form.getByRole("button", { name: "Add a mapping" }).click();
    await form.getByLabel("Field name").fill("Name");
    await form.getByLabel("Variable").selectOption({ label: "name" });
    await saved();

    const listed = await harness.api<{ credentials: { id: string; name: string; type: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/credentials`,
    );
    const account = listed.credentials.find((entry) => entry.name === "Team NocoDB");
    expect(account?.type).toBe("nocodb");
    await expect
      .poll(() => storedOptions("nocodb"))
      .toMatchObject({
        credentialsId: account?.id,
        action: "Search Records",
        tableId: "tbl_people",
        returnType: "First",
        filter: { comparisons: [{ input: "City", operator: "Starts with", value: "Par" }] },
        responseMapping: [{ fieldName: "Name", variableId: "vname" }],
      });
    expect(await page.content()).not.toContain("nc-secret-token");
    await form.getByRole("button", { name: "Delete this block" }).click();
  });

  it("shows only the fields of Segment's chosen action and saves them", async () => {
    const form = await addBlock("segment");
    await form.getByLabel("Action").selectOption("Track");
    expect(await form.getByLabel("Previous ID").count()).toBe(0);
    await form.getByLabel("User ID").fill("{{name}}");
    await form.getByLabel("Event name").fill("Signed up");
    await form.getByRole("button", { name: "Add" }).click();
    await form.getByLabel("Key").fill("plan");
    await form.getByLabel("Value").fill("pro");
    await saved();
    await expect
      .poll(() => storedOptions("segment"))
      .toMatchObject({
        action: "Track",
        userId: "{{name}}",
        eventName: "Signed up",
        properties: [{ key: "plan", value: "pro" }],
      });
    expect(page.problems).toEqual([]);
  });
});
