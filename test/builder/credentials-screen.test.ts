import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

describe("Workspace Settings → Credentials", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const section = () => page.locator("section", { has: page.getByRole("heading", { name: "Credentials" }) });
  const row = (name: string) => section().locator("tr", { hasText: name });

  it("adds a provider's key (never shown again), renames it, and deletes it after naming the bot that uses it", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    await section().getByLabel("Provider").selectOption("groq");
    await section().getByLabel("Name").fill("Team Groq");
    await section().getByLabel("API key").fill("gsk-secret-value");
    await section().getByRole("button", { name: "Add credentials" }).click();
    await row("Team Groq").waitFor();
    expect(await row("Team Groq").textContent()).toContain("Groq");
    expect(await page.content()).not.toContain("gsk-secret-value");

    await row("Team Groq").getByRole("button", { name: "Rename" }).click();
    await page.getByRole("dialog", { name: "Rename the credentials" }).getByLabel("Name").fill("Support Groq");
    await page.getByRole("button", { name: "Save" }).click();
    await row("Support Groq").waitFor();

    const listed = await harness.api<{ credentials: { id: string; name: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/credentials`,
    );
    const id = listed.credentials.find((entry) => entry.name === "Support Groq")!.id;
    await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Helpdesk",
        groups: [
          {
            id: "g1",
            title: "Group",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "b1", type: "groq", options: { credentialsId: id, action: "Create chat completion" } }],
          },
        ],
      },
    });

    await row("Support Groq").getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete credentials in use?" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('These credentials are used by "Helpdesk".');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await row("Support Groq").waitFor();
    await row("Support Groq").getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete anyway" }).click();
    await row("Support Groq").waitFor({ state: "detached" });
  });
});
