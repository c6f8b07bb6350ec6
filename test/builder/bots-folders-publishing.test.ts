import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
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

// Issue #25: the bots page with folders, the publish state, the public id, the setup page.
describe("folders, publish state, public id and the setup page", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    harness = await createBuilderHarness();
    for (const name of ["Lead capture", "Support", "Onboarding"]) {
      const { bot } = await harness.api("POST", "/api/v1/bots", {
        workspaceId: harness.user.workspaceId,
        bot: { name },
      });
      ids[name] = bot.id;
    }
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const card = (name: string) => page.locator('[data-testid="bot-card"]', { hasText: name });
  const folderCard = (name: string) => page.locator('[data-testid="folder-card"]', { hasText: name });
  const botNames = () => page.locator('[data-testid="bot-card"] .bot-name').allTextContents();
  const folderOf = async (botId: string) => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot.folderId;

  it("creates a folder, drags a bot into it, opens it by URL, and drags the bot back up onto the breadcrumb", async () => {
    await card("Lead capture").waitFor();
    expect(await page.title()).toBe("Bots · Parley");
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByRole("dialog", { name: "New folder" }).getByLabel("Name").fill("Sales");
    await page.getByRole("button", { name: "Save" }).click();
    await folderCard("Sales").waitFor();
    const { folders } = await harness.api("GET", `/api/v1/workspaces/${harness.user.workspaceId}/folders`);
    const sales = folders.find((folder: { name: string }) => folder.name === "Sales");

    // Drag and drop, as a mouse user does it.
    await card("Lead capture").dragTo(folderCard("Sales"));
    await page.getByRole("status").filter({ hasText: "Moved “Lead capture” to Sales." }).waitFor();
    await expect.poll(botNames).toEqual(["Onboarding", "Support"]);
    expect(await folderOf(ids["Lead capture"])).toBe(sales.id);

    await folderCard("Sales").getByRole("link", { name: "Sales" }).click();
    await page.waitForURL(`${harness.server.url}/bots?folder=${sales.id}`);
    await page.getByRole("heading", { name: "Sales", exact: true }).waitFor();
    const crumbs = page.getByRole("navigation", { name: "Folders" });
    expect(await crumbs.locator("li").allTextContents()).toEqual(["All bots", "Sales"]);
    await expect.poll(botNames).toEqual(["Lead capture"]);
    expect(await page.title()).toBe("Sales · Bots · Parley");
    await shot(page, "40-folder-open");

    // A reload keeps the folder open: it is in the URL.
    await page.reload();
    await page.getByRole("heading", { name: "Sales", exact: true }).waitFor();
    await expect.poll(botNames).toEqual(["Lead capture"]);

    await card("Lead capture").dragTo(crumbs.getByRole("link", { name: "All bots" }));
    await page.getByRole("status").filter({ hasText: "Moved “Lead capture” to All bots." }).waitFor();
    await page.getByText("This folder is empty").waitFor();
    expect(await folderOf(ids["Lead capture"])).toBeNull();

    await crumbs.getByRole("link", { name: "All bots" }).click();
    await page.waitForURL(`${harness.server.url}/bots`);
    await expect.poll(botNames).toEqual(["Onboarding", "Support", "Lead capture"]);
    expect(page.problems).toEqual([]);
  });

  it("moves a bot with the keyboard through “Move to…”, renames the folder, and deletes it keeping its bots", async () => {
    await card("Support").getByRole("button", { name: "Actions for Support" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Move to…" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Move “Support”" });
    await dialog.getByLabel("Folder").selectOption({ label: "Sales" });
    await dialog.getByRole("button", { name: "Move" }).click();
    await expect.poll(botNames).toEqual(["Onboarding", "Lead capture"]);

    await folderCard("Sales").getByRole("button", { name: "Actions for the folder Sales" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByRole("dialog", { name: "Rename the folder" }).getByLabel("Name").fill("Sales team");
    await page.getByRole("button", { name: "Save" }).click();
    await folderCard("Sales team").waitFor();

    await folderCard("Sales team").getByRole("button", { name: "Actions for the folder Sales team" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the folder?" });
    await confirm.getByText("Its bots and folders are kept").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => folderCard("Sales team").count()).toBe(0);
    await expect.poll(botNames).toEqual(["Onboarding", "Support", "Lead capture"]);
    expect(await folderOf(ids.Support)).toBeNull();
    expect(page.problems).toEqual([]);
  });

  it("shows a guest the bots and folders without any way to change them, and the server refuses anyway", async () => {
    await harness.api("POST", `/api/v1/workspaces/${harness.user.workspaceId}/folders`, { name: "Archive" });
    const guestUser = await harness.server.createUser("reader@example.com");
    await setPassword(harness.server.ctx, guestUser.userId, PASSWORD);
    await harness.server.ctx.workspaces.addMember(harness.user.workspaceId, guestUser.userId, "GUEST");
    const guest = await watch(await harness.browser.newContext({ viewport: { width: 1440, height: 900 } }));
    await signIn(guest, harness.server.url, "reader@example.com");
    await guest.getByRole("combobox", { name: "Workspace" }).selectOption(harness.user.workspaceId);
    const guestCard = guest.locator('[data-testid="bot-card"]', { hasText: "Support" });
    await guestCard.waitFor();
    await guest.locator('[data-testid="folder-card"]', { hasText: "Archive" }).waitFor();
    for (const name of ["Create a bot", "New folder", "Import a bot"])
      expect(await guest.getByRole("button", { name }).count(), name).toBe(0);
    expect(await guest.getByRole("button", { name: /Actions for the folder/ }).count()).toBe(0);
    expect(await guestCard.getAttribute("draggable")).toBe("false");
    await guestCard.getByRole("button", { name: "Actions for Support" }).click();
    expect(await guest.getByRole("menuitem").allTextContents()).toEqual(["Open", "Results", "Export as JSON"]);
    expect(await guest.getByTestId("guest-note").textContent()).toBe(
      "You are a guest of this workspace: you can read its bots and results, not change them.",
    );
    await shot(guest, "41-guest-bots");

    const refused = await fetch(`${harness.server.url}/api/v1/bots/${ids.Support}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${guestUser.token}`, "content-type": "application/json" },
      body: JSON.stringify({ bot: { folderId: null, name: "Renamed by a guest" } }),
    });
    expect(refused.status).toBe(403);
    expect(guest.problems).toEqual([]);
    await guest.context().close();
  });

  it("says Published or Publish changes from the server, after reloads too, without asking an unpublished bot for /publishedBot", async () => {
    const responses: { url: string; status: number }[] = [];
    page.on("response", (response) => responses.push({ url: response.url(), status: response.status() }));
    await page.goto(`${harness.server.url}/bots/${ids["Lead capture"]}/edit`);
    const publish = page.locator(".editor-toolbar").getByRole("button", { name: /^Publish/ });
    await expect.poll(() => publish.textContent()).toBe("Publish");
    expect(await page.title()).toBe("Lead capture · Parley");
    // The last save is the stored bot's, shown as a time of day.
    expect(await page.getByTestId("save-status").textContent()).toMatch(/^Saved \d{1,2}:\d{2}( [AP]M)?$/);
    await page.waitForLoadState("networkidle");
    expect(responses.filter((response) => response.url.includes("/publishedBot"))).toEqual([]);
    expect(responses.filter((response) => response.status === 404)).toEqual([]);

    await publish.click();
    const dialog = page.getByRole("dialog", { name: "Your bot is published" });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => publish.textContent()).toBe("Published");
    await page.reload();
    await expect.poll(() => publish.textContent()).toBe("Published");

    // An edit of the flow: "Publish changes" at once, and still after a reload.
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByLabel("Remember the visitor").check();
    await expect.poll(() => publish.textContent()).toBe("Publish changes");
    await expect.poll(() => page.getByTestId("save-status").getAttribute("data-status")).toBe("saved");
    await page.reload();
    await expect.poll(() => publish.textContent()).toBe("Publish changes");
    await shot(page, "42-publish-changes");

    await page.goto(`${harness.server.url}/bots`);
    await card("Lead capture").getByText("Unpublished changes").waitFor();
    await card("Support").getByText("Draft").waitFor();

    await page.goto(`${harness.server.url}/bots/${ids["Lead capture"]}/edit`);
    await publish.click();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => publish.textContent()).toBe("Published");
    await page.goto(`${harness.server.url}/bots`);
    await card("Lead capture").getByText("Published").waitFor();
    expect(page.problems).toEqual([]);
  });

  it("edits the public id in the settings, showing the server's message when another bot has it", async () => {
    await harness.api("PATCH", `/api/v1/bots/${ids.Support}`, { bot: { publicId: "support-desk" } });
    await page.goto(`${harness.server.url}/bots/${ids.Onboarding}/edit`);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const field = page.getByLabel("Public id", { exact: true });
    const save = page.getByRole("button", { name: "Save the public id" });

    await field.fill("Support-Desk");
    expect(await field.inputValue()).toBe("support-desk");
    await save.click();
    await page
      .getByRole("alert")
      .filter({ hasText: 'The public id "support-desk" is already used by another bot: choose another one' })
      .waitFor();
    await shot(page, "43-public-id-taken");
    // The hint names the page this bot keeps, not the other bot's page the refused id would lead to.
    const own = (await harness.api("GET", `/api/v1/bots/${ids.Onboarding}`)).bot.publicId;
    expect(await page.locator(".public-id-form .hint").textContent()).toBe(
      own
        ? `The public page stays ${harness.server.url}/${own}`
        : "This bot's public page gets an address once a public id is saved or it is published.",
    );

    await field.fill("has space");
    await save.click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Use lowercase letters, digits and single dashes, starting with a letter or a digit." })
      .waitFor();

    await field.fill("welcome-tour");
    await save.click();
    await page.getByRole("status").filter({ hasText: "Public id saved." }).waitFor();
    expect((await harness.api("GET", `/api/v1/bots/${ids.Onboarding}`)).bot.publicId).toBe("welcome-tour");
    // Later edits still save: the id's own save did not make them look stale.
    await page.getByLabel("Remember the visitor").check();
    await expect.poll(() => page.getByTestId("save-status").getAttribute("data-status")).toBe("saved");
    expect(page.problems).toEqual([]);
  });

  it("names the account on the setup page, pre-fills the sign-in, and says at once that a link was used or expired", async () => {
    const newcomer = await harness.server.createUser("newcomer@example.com");
    const token = await createSetupToken(harness.server.ctx, newcomer.userId);
    const fresh = await watch(await harness.browser.newContext());
    await fresh.goto(`${harness.server.url}/setup?token=${token}`);
    expect(await fresh.getByTestId("setup-account").textContent()).toBe("For the account newcomer@example.com");
    await shot(fresh, "44-setup-page");
    await fresh.getByLabel("New password").fill(PASSWORD);
    await fresh.getByLabel("Repeat the password").fill(PASSWORD);
    await fresh.getByRole("button", { name: "Set password" }).click();
    await fresh.getByText("Your password is set: sign in with it.").waitFor();
    expect(await fresh.getByLabel("E-mail").inputValue()).toBe("newcomer@example.com");
    await fresh.getByLabel("Password").fill(PASSWORD);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await fresh.getByRole("heading", { name: "Bots", exact: true }).waitFor();

    // The same link again, in a browser that is not signed in: no form, only what happened.
    const later = await watch(await harness.browser.newContext());
    await later.goto(`${harness.server.url}/setup?token=${token}`);
    await later.getByRole("heading", { name: "This link was already used" }).waitFor();
    expect(await later.getByLabel("New password").count()).toBe(0);
    await later.getByRole("link", { name: "Sign in" }).click();
    expect(await later.getByLabel("E-mail").inputValue()).toBe("newcomer@example.com");

    const expired = await createSetupToken(harness.server.ctx, newcomer.userId, -1_000);
    await later.goto(`${harness.server.url}/setup?token=${expired}`);
    await later.getByRole("heading", { name: "This link has expired" }).waitFor();
    expect(await later.getByLabel("New password").count()).toBe(0);
    expect([...fresh.problems, ...later.problems]).toEqual([]);
  });
});
