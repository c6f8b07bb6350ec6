import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { createBuilderHarness, PASSWORD, shot, signIn, watch, type BuilderHarness } from "./builder-harness.js";

describe("Settings → Members: invite, sign up through the link, change a role, a guest who cannot edit", {
  timeout: 180_000,
}, () => {
  let harness: BuilderHarness;
  let botId: string;

  beforeAll(async () => {
    harness = await createBuilderHarness();
    botId = (await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot: greetingBot() }))
      .bot.id;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("invites a teammate who chooses a password through the link, joins and sees the workspace's bots", async () => {
    const owner = await harness.signedInPage();
    await owner.getByRole("link", { name: "Settings" }).click();
    await owner.getByLabel("Invite by e-mail").fill("teammate@example.com");
    await owner.getByLabel("Role", { exact: true }).selectOption("MEMBER");
    await owner.getByRole("button", { name: "Invite" }).click();
    await owner
      .getByText("Send teammate@example.com this invitation link (valid 7 days; this server sends no e-mail):")
      .waitFor();
    const link = (await owner.getByTestId("invite-url").textContent())!;
    expect(new URL(link).pathname).toBe("/setup");
    const invitedRow = owner.getByRole("row", { name: /teammate@example\.com/ });
    await expect.poll(() => invitedRow.textContent()).toMatch(/Invited, until/);
    await shot(owner, "30-members");

    const teammate = await watch(await harness.browser.newContext());
    await teammate.goto(link);
    await teammate.getByTestId("invitation-account").filter({ hasText: "teammate@example.com" }).waitFor();
    await teammate.getByLabel("New password").fill(PASSWORD);
    await teammate.getByLabel("Repeat the password").fill(PASSWORD);
    await teammate.getByRole("button", { name: "Set password and join" }).click();
    await teammate.getByText("Your password is set: sign in with it.").waitFor();
    expect(await teammate.getByLabel("E-mail").inputValue()).toBe("teammate@example.com");
    await teammate.getByLabel("Password").fill(PASSWORD);
    await teammate.getByRole("button", { name: "Sign in" }).click();
    await teammate.locator(".bot-card", { hasText: "Greeting bot" }).waitFor();

    await owner.reload();
    const memberRow = owner.getByRole("row", { name: /teammate@example\.com/ });
    await expect.poll(() => memberRow.getByRole("cell").nth(2).textContent()).toBe("Member");
    expect([...owner.problems, ...teammate.problems]).toEqual([]);
  });

  it("invites someone who has an account: they join only once they accept, signed in as themselves", async () => {
    const reviewer = await harness.server.createUser("reviewer@example.com");
    await setPassword(harness.server.ctx, reviewer.userId, PASSWORD);
    const owner = await harness.signedInPage();
    await owner.getByRole("link", { name: "Settings" }).click();
    await owner.getByLabel("Invite by e-mail").fill("reviewer@example.com");
    await owner.getByRole("button", { name: "Invite" }).click();
    const link = (await owner.getByTestId("invite-url").textContent())!;
    const { members } = await harness.api("GET", `/api/v1/workspaces/${harness.user.workspaceId}/members`);
    expect(members.map((member: { email: string }) => member.email)).not.toContain("reviewer@example.com");

    const page = await watch(await harness.browser.newContext({ viewport: { width: 1440, height: 900 } }));
    await page.goto(link);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Join Test workspace" }).click();
    await page.getByRole("heading", { name: "Bots", exact: true }).waitFor();
    await page.locator(".bot-card", { hasText: "Greeting bot" }).waitFor();
    await expect
      .poll(async () => {
        const listed = await harness.api("GET", `/api/v1/workspaces/${harness.user.workspaceId}/members`);
        return listed.members.find((member: { email: string }) => member.email === "reviewer@example.com")?.role;
      })
      .toBe("MEMBER");
    expect([...owner.problems, ...page.problems]).toEqual([]);
  });

  it("makes the teammate a guest: the editor opens read only, without publishing, and edits do not apply", async () => {
    const owner = await harness.signedInPage();
    await owner.getByRole("link", { name: "Settings" }).click();
    await owner.getByLabel("Role of teammate@example.com").selectOption("GUEST");
    await expect
      .poll(async () => {
        const { members } = await harness.api("GET", `/api/v1/workspaces/${harness.user.workspaceId}/members`);
        return members.find((member: { email: string }) => member.email === "teammate@example.com")?.role;
      })
      .toBe("GUEST");

    const guest = await watch(await harness.browser.newContext({ viewport: { width: 1440, height: 900 } }));
    await signIn(guest, harness.server.url, "teammate@example.com");
    await guest.goto(`${harness.server.url}/bots/${botId}/edit`);
    await guest
      .getByTestId("save-status")
      .filter({ hasText: "Read only: you are a guest of this workspace" })
      .waitFor();
    expect(await guest.getByRole("button", { name: /Publish/ }).count()).toBe(0);
    const name = guest.getByLabel("Bot name");
    expect(await name.getAttribute("readonly")).not.toBeNull();
    await shot(guest, "31-guest-editor");
    const { bot } = await harness.api("GET", `/api/v1/bots/${botId}`);
    expect(bot.name).toBe("Greeting bot");
    expect(guest.problems).toEqual([]);
  });

  it("keeps the last admin: demoting the only admin shows the server's reason", async () => {
    const owner = await harness.signedInPage();
    await owner.getByRole("link", { name: "Settings" }).click();
    await owner.getByLabel(`Role of ${harness.user.email}`).selectOption("MEMBER");
    await owner
      .getByRole("alert")
      .filter({ hasText: "This is the workspace's last admin: make another member admin first" })
      .waitFor();
    await expect.poll(() => owner.getByLabel(`Role of ${harness.user.email}`).inputValue()).toBe("ADMIN");
  });
});
