import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/** Issue #37: SMTP and Zendesk credentials are made in Settings → Credentials; the Email block picks its sender. */
describe("SMTP and Zendesk credentials in the builder", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  type Listed = { credentials: { id: string; name: string; type: string }[] };
  const listed = () => harness.api<Listed>("GET", `/api/v1/workspaces/${harness.user.workspaceId}/credentials`);

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("adds an SMTP sender and a Zendesk key in Settings, and the Email block's sender picks the SMTP one", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    const form = page.getByRole("form", { name: "Email and support credentials" });
    await form.getByLabel("Shown as").fill("Support mail");
    await form.getByLabel("Host").fill("smtp.example.com");
    await form.getByLabel("Port").fill("465");
    await form.getByLabel("From").fill('"Support" <support@example.com>');
    await form.getByLabel("Login (optional)").fill("support");
    await form.getByLabel("Password (optional)").fill("smtp-secret-value");
    await form.getByRole("button", { name: "Add SMTP account" }).click();
    const rows = page.locator("section", { has: page.getByRole("heading", { name: "Credentials" }) }).locator("tr");
    await rows.filter({ hasText: "Support mail" }).waitFor();
    expect(await rows.filter({ hasText: "Support mail" }).locator("td").nth(1).textContent()).toBe("SMTP");

    await form.getByLabel("Service").selectOption("zendesk");
    await form.getByLabel("Shown as").fill("Help centre");
    await form.getByLabel("Conversations API key ID").fill("app_123");
    await form.getByLabel("Conversations API secret").fill("zendesk-secret-value");
    await form.getByRole("button", { name: "Add Zendesk account" }).click();
    await rows.filter({ hasText: "Help centre" }).waitFor();
    expect(await rows.filter({ hasText: "Help centre" }).locator("td").nth(1).textContent()).toBe("Zendesk");
    const content = await page.content();
    expect(content).not.toContain("smtp-secret-value");
    expect(content).not.toContain("zendesk-secret-value");
    const { credentials } = await listed();
    const smtp = credentials.find((entry) => entry.name === "Support mail");
    expect(smtp?.type).toBe("smtp");
    expect(credentials.find((entry) => entry.name === "Help centre")?.type).toBe("zendesk");

    const { bot } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Mailer",
        groups: [
          {
            id: "g1",
            title: "Hello",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [{ id: "b-mail", type: "Email", options: { recipients: ["owner@example.com"] } }],
          },
        ],
      },
    });
    await page.goto(`${harness.server.url}/bots/${bot.id}/edit`);
    await page.locator('[data-testid="group-Hello"]').waitFor();
    await page.locator('[data-block-id="b-mail"]').click();
    const settings = page.locator('[data-testid="block-settings"][data-block-type="Email"]');
    const sender = settings.getByLabel("Sender");
    // The workspace's senders arrive after the settings open: the list fills in once they are loaded.
    await expect
      .poll(() => sender.locator("option").allTextContents())
      .toEqual(["This server's mail settings (SMTP_URL)", "Support mail"]);
    expect(await sender.inputValue()).toBe("default");
    await sender.selectOption({ label: "Support mail" });
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await expect
      .poll(async () => (await harness.api("GET", `/api/v1/bots/${bot.id}`)).bot.groups[0].blocks[0].options)
      .toMatchObject({ credentialsId: smtp?.id });
  });
});
