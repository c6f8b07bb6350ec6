import type { z } from "zod";
import { AppError, notFound } from "../errors.js";
import { sendInstanceMail } from "../integrations/mail/instance-mail.js";
import type { memberAddedSchema } from "../schemas/workspace.js";
import type { MemberRole } from "../store/workspaces-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { hashToken } from "../lib/ids.js";
import { createLinkToken, invitationLink } from "./invitations.js";
import { requireWorkspace } from "./workspaces.js";

/** An invitation's link works for a week, as the reference's invitations do. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

const LAST_ADMIN_MESSAGE = "This is the workspace's last admin: make another member admin first";

async function requireAdmin(ctx: AppContext, caller: Caller, workspaceId: string) {
  const workspace = await requireWorkspace(ctx, caller, workspaceId);
  if (workspace.role !== "ADMIN")
    throw new AppError("ADMIN_ONLY", "Only the workspace's admins can manage its members");
  return workspace;
}

export async function listMembersAndInvitations(ctx: AppContext, caller: Caller, workspaceId: string) {
  await requireWorkspace(ctx, caller, workspaceId);
  const [members, invitations] = await Promise.all([
    ctx.workspaces.listMembers(workspaceId),
    ctx.invitations.listPending(workspaceId),
  ]);
  return { members, invitations };
}

/**
 * Whether the inviting admin may see the invitation's link. A link that sets the account's password
 * (the account has none yet) may only be seen by its owner's mailbox, or by the admin of the only
 * workspace the account belongs to (no membership, no other pending invitation): otherwise whoever
 * invited the same address could take the account that another workspace invited. A link to an
 * account with a password sets nothing: accepting it needs signing in as that account.
 */
async function mayShowLink(ctx: AppContext, user: { id: string; passwordHash: string | null }, workspaceId: string) {
  if (user.passwordHash !== null) return true;
  if ((await ctx.workspaces.listForUser(user.id)).length > 0) return false;
  return (await ctx.invitations.otherPendingCount(user.id, workspaceId)) === 0;
}

/**
 * Someone who is already a member gets the role asked for. Anyone else is invited, with a link of the
 * invitation's own (`/setup?invitation=…`), mailed to them when the server has SMTP_URL: joining takes
 * their consent, also when they have an account. Inviting the same address again renews the
 * invitation with fresh links. The answer carries a copy of the link only when the admin may see one
 * (mayShowLink).
 */
export async function addMember(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { email: string; role: MemberRole },
): Promise<z.infer<typeof memberAddedSchema>> {
  const workspace = await requireAdmin(ctx, caller, workspaceId);
  const existing = await ctx.users.findByEmail(input.email);
  if (existing && (await ctx.workspaces.findForMember(workspaceId, existing.id))) {
    await changeRole(ctx, workspaceId, existing.id, input.role);
    return { member: { userId: existing.id, email: existing.email, role: input.role } };
  }
  const user = existing ?? { ...(await ctx.users.findOrCreateByEmail(input.email)), passwordHash: null };
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString();
  // The mailed link and the admin's copy are two tokens: only the mailed one always reaches the owner.
  const mailedToken = createLinkToken();
  const shownToken = (await mayShowLink(ctx, user, workspaceId)) ? createLinkToken() : undefined;
  await ctx.invitations.upsert(workspaceId, user.id, {
    role: input.role,
    expiresAt,
    tokenHash: hashToken(mailedToken),
    shownTokenHash: shownToken ? hashToken(shownToken) : null,
  });
  const mailedUrl = invitationLink(ctx.config.publicUrl, mailedToken);
  const emailSent = await sendInstanceMail(
    { url: ctx.config.smtpUrl, from: ctx.config.smtpFrom },
    {
      to: user.email,
      subject: `You are invited to ${workspace.name} on Parley`,
      text: `You have been invited to the workspace "${workspace.name}" on Parley.\n\n${
        user.passwordHash === null ? "Choose a password there to join it" : "Sign in there to join it"
      } (the link works for 7 days):\n${mailedUrl}\n`,
    },
  );
  return {
    invitation: { userId: user.id, email: user.email, role: input.role, expiresAt },
    ...(shownToken ? { inviteUrl: invitationLink(ctx.config.publicUrl, shownToken) } : {}),
    emailSent,
  };
}

async function changeRole(ctx: AppContext, workspaceId: string, userId: string, role: MemberRole | null) {
  const outcome = await ctx.workspaces.changeMember(workspaceId, userId, role);
  if (outcome === "last-admin") throw new AppError("LAST_ADMIN", LAST_ADMIN_MESSAGE);
  return outcome;
}

/** A member's new role, or an invited person's (their invitation keeps its expiry). */
export async function updateMember(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  userId: string,
  role: MemberRole,
) {
  await requireAdmin(ctx, caller, workspaceId);
  if ((await changeRole(ctx, workspaceId, userId, role)) === "changed") {
    const member = (await ctx.workspaces.listMembers(workspaceId)).find((each) => each.userId === userId)!;
    return { member };
  }
  const invitation = (await ctx.invitations.listPending(workspaceId)).find((each) => each.userId === userId);
  if (!invitation || !(await ctx.invitations.changeRole(workspaceId, userId, role))) throw notFound("Member not found");
  return { member: { userId, email: invitation.email, role } };
}

/** Removes a member, or withdraws an invitation. */
export async function removeMember(ctx: AppContext, caller: Caller, workspaceId: string, userId: string) {
  await requireAdmin(ctx, caller, workspaceId);
  if ((await changeRole(ctx, workspaceId, userId, null)) === "changed") return { message: "success" };
  if (await ctx.invitations.delete(workspaceId, userId)) return { message: "success" };
  throw notFound("Member not found");
}
