import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { createSetupToken } from "../../src/services/auth/setup-links.js";
import {
  INVALID_INVITATION,
  invitationForAnother,
  LINK_SHARED_ELSEWHERE,
  signInToAccept,
} from "../../src/services/invitations.js";
import { createClient } from "../helpers/http-client.js";
import { smtpServer } from "../helpers/smtp-sink.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/**
 * Invitations (issue 31, item 1): a link accepts its own invitation only; a link that sets an
 * account's password reaches only the owner's mailbox, or the admin of the only workspace the account
 * belongs to; an account with a password joins only by accepting, signed in as itself.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
const PASSWORD = "a long enough password";

beforeAll(async () => {
  smtp = await smtpServer();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: "Parley <parley@example.com>",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const anonymous = () => createClient(server.baseUrl);
const tokenOf = (url: string) => new URL(url).searchParams.get("invitation")!;

/** The invitation link in the latest mail to `address` (quoted-printable undone). */
function mailedLink(address: string): string {
  const mail = smtp.mails.filter((each) => each.to.includes(address)).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  const text = mail.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
  return text.match(/https?:\/\/\S+\/setup\?invitation=[A-Za-z0-9_-]+/)![0];
}

async function adminOf(name: string) {
  const user = await server.createUser();
  return { ...user, api: createClient(server.baseUrl, user.token), name };
}

const invite = (admin: { api: ReturnType<typeof createClient>; workspaceId: string }, email: string, role: string) =>
  admin.api.post(`/v1/workspaces/${admin.workspaceId}/members`, { email, role });

const accept = (token: string, password?: string, headers: Record<string, string> = {}) =>
  anonymous().post("/auth/invitation", { token, ...(password ? { password } : {}) }, headers);

async function workspacesOf(email: string, password: string): Promise<string[]> {
  const login = await anonymous().post("/auth/login", { email, password }, { origin: server.url });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const listed = await anonymous().get("/v1/workspaces", { cookie, origin: server.url });
  return listed.body.workspaces.map((workspace: { id: string }) => workspace.id);
}

describe("inviting a new address", () => {
  it("shows the admin a link and mails another; choosing a password through one joins this workspace only", async () => {
    const owner = await adminOf("owner");
    const invited = await invite(owner, "New.Colleague@Example.com", "MEMBER");
    expect(invited.status).toBe(200);
    const { invitation, inviteUrl, emailSent } = invited.body;
    expect(invitation).toMatchObject({ email: "new.colleague@example.com", role: "MEMBER" });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(emailSent).toBe(true);
    expect(new URL(inviteUrl).pathname).toBe("/setup");
    expect(tokenOf(inviteUrl)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const mailed = mailedLink("new.colleague@example.com");
    expect(tokenOf(mailed)).not.toBe(tokenOf(inviteUrl));

    expect((await anonymous().get(`/auth/invitation?token=${tokenOf(inviteUrl)}`)).body).toEqual({
      email: "new.colleague@example.com",
      workspace: { id: owner.workspaceId, name: "Test workspace" },
      role: "MEMBER",
      expiresAt: invitation.expiresAt,
      needsPassword: true,
    });
    const members = `/v1/workspaces/${owner.workspaceId}/members`;
    expect((await owner.api.get(members)).body.invitations).toEqual([invitation]);

    const accepted = await accept(tokenOf(inviteUrl), PASSWORD);
    expect(accepted.body).toEqual({
      workspace: { id: owner.workspaceId, name: "Test workspace" },
      email: "new.colleague@example.com",
    });
    expect(await workspacesOf("new.colleague@example.com", PASSWORD)).toEqual([owner.workspaceId]);
    const after = (await owner.api.get(members)).body;
    expect(after.invitations).toEqual([]);
    expect(after.members).toContainEqual({
      userId: invitation.userId,
      email: "new.colleague@example.com",
      role: "MEMBER",
    });
    // The mailed link was the same invitation's: it is used up too.
    expect((await accept(tokenOf(mailed), "another password!")).body).toEqual({
      code: "INVALID_INVITATION",
      message: INVALID_INVITATION,
    });
  });

  it("refuses accepting without a password for an account that has none (400, nothing joined)", async () => {
    const owner = await adminOf("owner");
    const { inviteUrl } = (await invite(owner, "no-password@example.com", "GUEST")).body;
    const refused = await accept(tokenOf(inviteUrl));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: {
        code: "BAD_REQUEST",
        message: "Invalid body: password: Choose a password",
        issues: [{ path: "password", message: "Choose a password" }],
      },
    });
    expect((await owner.api.get(`/v1/workspaces/${owner.workspaceId}/members`)).body.invitations).toHaveLength(1);
  });
});

describe("the audit's hijack: another tenant invites an address a workspace invited", () => {
  it("gets no link, the first admin's copy no longer sets the password, and the owner's mail joins only its own workspace", async () => {
    const victim = await adminOf("victim");
    const attacker = await adminOf("attacker");
    const address = "invitee@example.com";
    const { inviteUrl: victimCopy } = (await invite(victim, address, "ADMIN")).body;
    expect(victimCopy).toBeDefined();
    const victimMail = mailedLink(address);

    // The attacker's "invitation" of the same address answers no link: the account is another workspace's too.
    const hijack = await invite(attacker, address, "GUEST");
    expect(hijack.status).toBe(200);
    expect(hijack.body).toEqual({
      invitation: { userId: expect.any(String), email: address, role: "GUEST", expiresAt: expect.any(String) },
      emailSent: true,
    });
    expect(JSON.stringify(hijack.body)).not.toContain("/setup");
    const attackerMail = mailedLink(address);
    expect(attackerMail).not.toBe(victimMail);

    // Nor can a copy an admin saw set the password any more: another workspace invited the address since.
    const viaCopy = await accept(tokenOf(victimCopy), "the attacker's password");
    expect({ status: viaCopy.status, body: viaCopy.body }).toEqual({
      status: 409,
      body: { code: "CONFLICT", message: LINK_SHARED_ELSEWHERE },
    });

    // The owner of the mailbox chooses the password through the victim's mail: that invitation only.
    expect((await accept(tokenOf(victimMail), PASSWORD)).status).toBe(200);
    expect(await workspacesOf(address, PASSWORD)).toEqual([victim.workspaceId]);
    const attackerSide = (await attacker.api.get(`/v1/workspaces/${attacker.workspaceId}/members`)).body;
    expect(attackerSide.invitations.map((each: { email: string }) => each.email)).toEqual([address]);
    expect(attackerSide.members.map((each: { email: string }) => each.email)).not.toContain(address);

    // The attacker's own mail, were it in other hands, sets nothing now: it needs signing in as the invitee.
    const withoutSignIn = await accept(tokenOf(attackerMail), "the attacker's password");
    expect({ status: withoutSignIn.status, body: withoutSignIn.body }).toEqual({
      status: 401,
      body: { code: "UNAUTHORIZED", message: signInToAccept(address) },
    });
    const asAttacker = await attacker.api.post("/auth/invitation", { token: tokenOf(attackerMail) });
    expect({ status: asAttacker.status, body: asAttacker.body }).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: invitationForAnother(address) },
    });
    expect(await workspacesOf(address, PASSWORD)).toEqual([victim.workspaceId]);
  });
});

describe("an account that exists", () => {
  it("is invited, not added; it joins by accepting signed in as itself, and its password stays", async () => {
    const owner = await adminOf("owner");
    const colleague = await server.createUser("colleague@example.com");
    await setPassword(server.ctx, colleague.userId, PASSWORD);
    const invited = await invite(owner, "colleague@example.com", "MEMBER");
    expect(invited.body.member).toBeUndefined();
    expect(invited.body.invitation).toMatchObject({ userId: colleague.userId, role: "MEMBER" });
    const members = `/v1/workspaces/${owner.workspaceId}/members`;
    expect((await owner.api.get(members)).body.members.map((each: { userId: string }) => each.userId)).not.toContain(
      colleague.userId,
    );
    // Its link sets no password, so the admin may see it.
    const token = tokenOf(invited.body.inviteUrl);
    expect((await anonymous().get(`/auth/invitation?token=${token}`)).body.needsPassword).toBe(false);

    const withPassword = await accept(token, "someone else's choice");
    expect({ status: withPassword.status, body: withPassword.body }).toEqual({
      status: 401,
      body: { code: "UNAUTHORIZED", message: signInToAccept("colleague@example.com") },
    });
    const asOwner = await owner.api.post("/auth/invitation", { token });
    expect(asOwner.status).toBe(403);
    expect(await workspacesOf("colleague@example.com", PASSWORD)).toEqual([colleague.workspaceId]);

    const asColleague = await createClient(server.baseUrl, colleague.token).post("/auth/invitation", { token });
    expect(asColleague.body).toEqual({
      workspace: { id: owner.workspaceId, name: "Test workspace" },
      email: "colleague@example.com",
    });
    expect((await workspacesOf("colleague@example.com", PASSWORD)).sort()).toEqual(
      [colleague.workspaceId, owner.workspaceId].sort(),
    );
    expect((await owner.api.get(members)).body.members).toContainEqual({
      userId: colleague.userId,
      email: "colleague@example.com",
      role: "MEMBER",
    });
  });

  it("of another workspace without a password (made by the CLI) gets its link by mail only", async () => {
    const owner = await adminOf("owner");
    const cliUser = await server.createUser("cli-made@example.com");
    const invited = await invite(owner, "cli-made@example.com", "MEMBER");
    expect(invited.body).toEqual({ invitation: expect.objectContaining({ userId: cliUser.userId }), emailSent: true });
    expect((await accept(tokenOf(mailedLink("cli-made@example.com")), PASSWORD)).status).toBe(200);
    expect((await workspacesOf("cli-made@example.com", PASSWORD)).sort()).toEqual(
      [cliUser.workspaceId, owner.workspaceId].sort(),
    );
  });
});

describe("each invitation on its own", () => {
  it("a password setup link (the CLI's) sets the password and accepts no invitation", async () => {
    const first = await adminOf("first");
    const second = await adminOf("second");
    await invite(first, "two-invitations@example.com", "MEMBER");
    await invite(second, "two-invitations@example.com", "MEMBER");
    const user = (await server.ctx.users.findByEmail("two-invitations@example.com"))!;
    const setupToken = await createSetupToken(server.ctx, user.id);
    expect((await anonymous().post("/auth/password", { token: setupToken, password: PASSWORD })).status).toBe(200);
    expect(await workspacesOf("two-invitations@example.com", PASSWORD)).toEqual([]);
    for (const admin of [first, second])
      expect(
        (await admin.api.get(`/v1/workspaces/${admin.workspaceId}/members`)).body.invitations.map(
          (each: { email: string }) => each.email,
        ),
      ).toEqual(["two-invitations@example.com"]);
  });

  it("a setup link that replaces a password revokes the account's API tokens; a first password keeps them", async () => {
    const user = await server.createUser("recovered@example.com");
    const api = createClient(server.baseUrl, user.token);
    const first = await createSetupToken(server.ctx, user.userId);
    expect((await anonymous().post("/auth/password", { token: first, password: PASSWORD })).status).toBe(200);
    expect((await api.get("/v1/workspaces")).status).toBe(200);
    // Someone held the account: the operator's recovery link ends every access they had, tokens too.
    const recovery = await createSetupToken(server.ctx, user.userId);
    expect(
      (await anonymous().post("/auth/password", { token: recovery, password: "a brand new password" })).status,
    ).toBe(200);
    expect((await api.get("/v1/workspaces")).body).toEqual({
      code: "UNAUTHORIZED",
      message: "Unknown or revoked API token",
    });
  });

  it("a changed role keeps the link; withdrawing or inviting again voids it", async () => {
    const owner = await adminOf("owner");
    const members = `/v1/workspaces/${owner.workspaceId}/members`;
    const { invitation, inviteUrl } = (await invite(owner, "renewed@example.com", "MEMBER")).body;
    expect((await owner.api.patch(`${members}/${invitation.userId}`, { role: "GUEST" })).body).toEqual({
      member: { userId: invitation.userId, email: "renewed@example.com", role: "GUEST" },
    });
    expect((await anonymous().get(`/auth/invitation?token=${tokenOf(inviteUrl)}`)).body.role).toBe("GUEST");

    const again = (await invite(owner, "renewed@example.com", "MEMBER")).body.inviteUrl;
    const invalid = { code: "INVALID_INVITATION", message: INVALID_INVITATION };
    expect((await anonymous().get(`/auth/invitation?token=${tokenOf(inviteUrl)}`)).body).toEqual(invalid);
    expect((await owner.api.delete(`${members}/${invitation.userId}`)).body).toEqual({ message: "success" });
    expect((await accept(tokenOf(again), PASSWORD)).body).toEqual(invalid);
    expect((await owner.api.get(members)).body.members.map((each: { email: string }) => each.email)).not.toContain(
      "renewed@example.com",
    );
  });

  it("answers 400 INVALID_INVITATION for an unknown link, and 400 for a malformed request", async () => {
    const unknown = await anonymous().get("/auth/invitation?token=unknown");
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 400,
      body: { code: "INVALID_INVITATION", message: INVALID_INVITATION },
    });
    expect((await anonymous().post("/auth/invitation", {})).status).toBe(400);
    expect((await accept("x".repeat(600), PASSWORD)).status).toBe(400);
  });
});
