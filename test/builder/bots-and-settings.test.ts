import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSetupToken } from "../../src/services/auth/setup-links.js";
import {
  createBuilderHarness,
  PASSWORD,
  shot,
  signIn,
  watch,
  type BuilderHarness,
  type WatchedPage,
} from "./builder-harness.js";

describe("bots list, workspaces, tokens and signing in", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: { name: "Onboarding" } });
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const card = (name: string) => page.locator(".bot-card", { hasText: name });
  const menu = async (name: string, action: string) => {
    await card(name)
      .getByRole("button", { name: `Actions for ${name}` })
      .click();
    await page.getByRole("menuitem", { name: action }).click();
  };

  it("renames, duplicates, exports and deletes a bot (after confirming)", async () => {
    await card("Onboarding").waitFor();
    await menu("Onboarding", "Rename");
    await page.getByRole("dialog", { name: "Rename the bot" }).getByLabel("Name").fill("Welcome tour");
    await page.getByRole("button", { name: "Save" }).click();
    await card("Welcome tour").waitFor();

    await menu("Welcome tour", "Duplicate");
    await card("Welcome tour (copy)").waitFor();
    await shot(page, "16-bots");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      menu("Welcome tour (copy)", "Export as JSON"),
    ]);
    expect(download.suggestedFilename()).toBe("welcome-tour-copy.json");
    const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(exported.name).toBe("Welcome tour (copy)");
    expect(exported.events[0].type).toBe("start");

    await menu("Welcome tour (copy)", "Delete");
    const confirm = page.getByRole("dialog", { name: "Delete the bot?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await card("Welcome tour (copy)").waitFor();
    await menu("Welcome tour (copy)", "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => card("Welcome tour (copy)").count()).toBe(0);
    const { bots } = await harness.api("GET", `/api/v1/bots?workspaceId=${harness.user.workspaceId}`);
    expect(bots.map((bot: { name: string }) => bot.name)).toEqual(["Welcome tour"]);
  });

  it("creates, renames and switches workspaces, and lists the members", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("cell", { name: harness.user.email }).waitFor();
    await page.getByRole("button", { name: "New workspace" }).click();
    await page.getByRole("dialog", { name: "New workspace" }).getByLabel("Name").fill("Side project");
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByRole("combobox", { name: "Workspace" }).inputValue())
      .not.toBe(harness.user.workspaceId);
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("dialog", { name: "Rename the workspace" }).getByLabel("Name").fill("Side quest");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".workspace-name", { hasText: "Side quest" }).waitFor();
    await page.getByRole("link", { name: "Bots" }).click();
    await page.getByText("No bots in this workspace").waitFor();
    await page.getByRole("combobox", { name: "Workspace" }).selectOption({ label: "Test workspace" });
    await card("Welcome tour").waitFor();
    const { workspaces } = await harness.api("GET", "/api/v1/workspaces");
    expect(workspaces.map((workspace: { name: string }) => workspace.name).sort()).toEqual([
      "Side quest",
      "Test workspace",
    ]);
  });

  it("creates an API token shown once, which works, then revokes it", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("New token name").fill("Deploy script");
    await page.getByRole("button", { name: "Create token" }).click();
    const value = (await page.locator('[data-testid="new-token-value"]').textContent())!;
    await shot(page, "17-settings");
    const answer = await fetch(`${harness.server.url}/api/v1/workspaces`, {
      headers: { authorization: `Bearer ${value}` },
    });
    expect(answer.status).toBe(200);
    await page
      .getByRole("row", { name: /Deploy script/ })
      .getByRole("button", { name: "Revoke" })
      .click();
    await page.getByRole("dialog", { name: "Revoke the token?" }).getByRole("button", { name: "Revoke" }).click();
    await expect
      .poll(
        async () =>
          (await fetch(`${harness.server.url}/api/v1/workspaces`, { headers: { authorization: `Bearer ${value}` } }))
            .status,
      )
      .toBe(401);
  });

  it("signs out, refuses a wrong password, and sets a password through the one-time link", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to Parley" }).waitFor();
    await page.goto(`${harness.server.url}/bots`);
    await page.waitForURL(/\/login\?next=%2Fbots$/);
    await page.getByLabel("E-mail").fill(harness.user.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password" }).waitFor();

    const newcomer = await harness.server.createUser("newcomer@example.com");
    const token = await createSetupToken(harness.server.ctx, newcomer.userId);
    const fresh = await watch(await harness.browser.newContext());
    await fresh.goto(`${harness.server.url}/setup?token=${token}`);
    await fresh.getByLabel("New password").fill("short");
    await fresh.getByLabel("Repeat the password").fill("short");
    await fresh.getByRole("button", { name: "Set password" }).click();
    await fresh.getByRole("alert").filter({ hasText: "Use at least 8 characters." }).waitFor();
    await fresh.getByLabel("New password").fill(PASSWORD);
    await fresh.getByLabel("Repeat the password").fill(PASSWORD);
    await fresh.getByRole("button", { name: "Set password" }).click();
    await fresh.getByText("Your password is set: sign in with it.").waitFor();
    await signIn(fresh, harness.server.url, "newcomer@example.com");
    expect([...page.problems, ...fresh.problems]).toEqual([]);
  });
});
