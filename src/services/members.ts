import type { z } from "zod";
import { AppError, notFound } from "../errors.js";
import { sendInstanceMail } from "../integrations/mail/instance-mail.js";
import type { memberAddedSchema } from "../schemas/workspace.js";
import type { MemberRole } from "../store/workspaces-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { createSetupToken, setupLink } from "./auth/setup-links.js";
import { requireWorkspace } from "./workspaces.js";

/** An invitation's sign-up link works for a week, as the reference's invitations do. */
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

/** A user who signed up (a password) or already belongs to a workspace (created with the CLI) has an account. */
async function hasAccount(ctx: AppContext, user: { id: string; passwordHash: string | null }) {
  return user.passwordHash !== null || (await ctx.workspaces.listForUser(user.id)).length > 0;
}

/**
 * Someone with an account joins at once. Anyone else gets an account without a password
 * and a sign-up link: setting the password there makes them a member (setup-links.ts). Inviting the
 * same address again renews the invitation with a fresh link.
 */
export async function addMember(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { email: string; role: MemberRole },
): Promise<z.infer<typeof memberAddedSchema>> {
  const workspace = await requireAdmin(ctx, caller, workspaceId);
  const existing = await ctx.users.findByEmail(input.email);
  if (existing && (await hasAccount(ctx, existing))) {
    const current = (await ctx.workspaces.listMembers(workspaceId)).find((member) => member.userId === existing.id);
    if (current?.role === "ADMIN" && input.role !== "ADMIN")
      await changeRole(ctx, workspaceId, existing.id, input.role);
    else await ctx.workspaces.addMember(workspaceId, existing.id, input.role);
    return { member: { userId: existing.id, email: existing.email, role: input.role } };
  }
  const user = await ctx.users.findOrCreateByEmail(input.email);
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString();
  await ctx.invitations.upsert(workspaceId, user.id, input.role, expiresAt);
  const inviteUrl = setupLink(ctx.config.publicUrl, await createSetupToken(ctx, user.id, INVITATION_LIFETIME_MS));
  const emailSent = await sendInstanceMail(
    { url: ctx.config.smtpUrl, from: ctx.config.smtpFrom },
    {
      to: user.email,
      subject: `You are invited to ${workspace.name} on Parley`,
      text: `You have been invited to the workspace "${workspace.name}" on Parley.\n\nChoose a password to join it (the link works for 7 days):\n${inviteUrl}\n`,
    },
  );
  return { invitation: { userId: user.id, email: user.email, role: input.role, expiresAt }, inviteUrl, emailSent };
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
  if (!invitation) throw notFound("Member not found");
  await ctx.invitations.upsert(workspaceId, userId, role, invitation.expiresAt);
  return { member: { userId, email: invitation.email, role } };
}

/** Removes a member, or withdraws an invitation. */
export async function removeMember(ctx: AppContext, caller: Caller, workspaceId: string, userId: string) {
  await requireAdmin(ctx, caller, workspaceId);
  if ((await changeRole(ctx, workspaceId, userId, null)) === "changed") return { message: "success" };
  if (await ctx.invitations.delete(workspaceId, userId)) return { message: "success" };
  throw notFound("Member not found");
}
