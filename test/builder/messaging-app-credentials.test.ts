import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

describe("Workspace Settings → Credentials → messaging apps", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;

  beforeAll(async () => {
    // Connecting needs PUBLIC_URL (the address the app calls); port 0 becomes the server's own.
    harness = await createBuilderHarness({ PUBLIC_URL: "http://localhost:0" });
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const form = () => page.getByRole("form", { name: "Messaging app credentials" });
  const section = () => page.locator("section", { has: page.getByRole("heading", { name: "Credentials" }) });
  const row = (name: string) => section().locator("tr", { hasText: name });

  it("adds WhatsApp credentials (secrets never shown) and connect shows the webhook URL and verify token", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    await form().getByLabel("Messaging app").selectOption("whatsapp");
    await form().getByLabel("Account", { exact: true }).fill("Support number");
    await form().getByLabel("Phone number ID").fill("1098765");
    await form().getByLabel("Access token").fill("EAAG-secret-token");
    await form().getByLabel("App secret").fill("app-secret-value");
    await form().getByLabel("Verify token (you choose it)").fill("my-verify-token");
    await form().getByRole("button", { name: "Add messaging app" }).click();
    await row("Support number").waitFor();
    expect(await row("Support number").textContent()).toContain("WhatsApp");
    const content = await page.content();
    expect(content).not.toContain("EAAG-secret-token");
    expect(content).not.toContain("app-secret-value");

    await row("Support number").getByRole("button", { name: "Connect" }).click();
    const listed = await harness.api<{ credentials: { id: string; name: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/credentials`,
    );
    const id = listed.credentials.find((entry) => entry.name === "Support number")!.id;
    const hint = row("Support number").getByText("In Meta's dashboard");
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(
      new RegExp(
        `set the callback URL http://[^ ]+/api/v1/workspaces/${harness.user.workspaceId}/channels/${id}/webhook and the verify token my-verify-token`,
      ),
    );
  });

  it("refuses a Telegram bot token that is not one, naming the field", async () => {
    await form().getByLabel("Messaging app").selectOption("telegram");
    await form().getByLabel("Bot token (from BotFather)").fill("not a token");
    await form().getByLabel("Secret token (A-Z, a-z, 0-9, _ and -)").fill("secret_1");
    await form().getByRole("button", { name: "Add messaging app" }).click();
    const alert = form().getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("A bot token looks like 123456:ABC-def");
  });
});
