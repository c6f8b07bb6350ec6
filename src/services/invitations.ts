import { randomBytes } from "node:crypto";
import { AppError } from "../errors.js";
import { hashToken } from "../lib/ids.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { hashPassword } from "./auth/password-hash.js";

/**
 * Accepting an invitation through its link (made by members.ts addMember). The link names one
 * invitation and accepts only it. An invited person without a password chooses one on the way; one
 * with a password signs in first, as the invited account: a link, wherever it was seen, never makes
 * someone else a member, nor sets the password of an account that has one.
 */

export const INVALID_INVITATION =
  "This invitation link is invalid, was already used or has expired: ask the workspace's admin to invite you again";

export const createLinkToken = (): string => randomBytes(32).toString("base64url");

/** The page that accepts an invitation: the builder's setup page with the invitation's token. */
export const invitationLink = (publicUrl: string, token: string): string => `${publicUrl}/setup?invitation=${token}`;

async function requireInvitation(ctx: AppContext, token: string) {
  const invitation = await ctx.invitations.findByLink(hashToken(token));
  if (!invitation) throw new AppError("INVALID_INVITATION", INVALID_INVITATION);
  return invitation;
}

/** What the invitation page shows before anything is typed. */
export async function inspectInvitation(ctx: AppContext, token: string) {
  const invitation = await requireInvitation(ctx, token);
  return {
    email: invitation.email,
    workspace: { id: invitation.workspaceId, name: invitation.workspaceName },
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    needsPassword: !invitation.hasPassword,
  };
}

export const signInToAccept = (email: string) => `Sign in as ${email} to accept this invitation`;
export const invitationForAnother = (email: string) =>
  `This invitation is for ${email}: sign out, then open the link again and sign in as ${email}`;
export const LINK_SHARED_ELSEWHERE =
  "Another workspace invited this address too: choose the password through the invitation link mailed to this address";

/**
 * Accepts the invitation the link names, as the caller (who must be the invited account) or, for an
 * account without a password, with the password chosen now.
 */
export async function acceptInvitation(
  ctx: AppContext,
  caller: Caller | undefined,
  input: { token: string; password?: string },
) {
  const invitation = await requireInvitation(ctx, input.token);
  let passwordHash: string | undefined;
  if (caller) {
    if (caller.userId !== invitation.userId) throw new AppError("FORBIDDEN", invitationForAnother(invitation.email));
  } else if (invitation.hasPassword) {
    throw new AppError("UNAUTHORIZED", signInToAccept(invitation.email));
  } else {
    if (input.password === undefined)
      throw new AppError("BAD_REQUEST", "Invalid body: password: Choose a password", {
        issues: [{ path: "password", message: "Choose a password" }],
      });
    // The admin's copy of the link sets a password only while the account is that workspace's alone.
    if (invitation.shownLink && (await belongsElsewhere(ctx, invitation.userId, invitation.workspaceId)))
      throw new AppError("CONFLICT", LINK_SHARED_ELSEWHERE);
    passwordHash = await hashPassword(input.password, ctx.config.protection.passwordHashCost);
  }
  if (!(await ctx.invitations.acceptByLink(hashToken(input.token), passwordHash)))
    throw new AppError("INVALID_INVITATION", INVALID_INVITATION);
  return { workspace: { id: invitation.workspaceId, name: invitation.workspaceName }, email: invitation.email };
}

async function belongsElsewhere(ctx: AppContext, userId: string, workspaceId: string): Promise<boolean> {
  if ((await ctx.workspaces.listForUser(userId)).length > 0) return true;
  return (await ctx.invitations.otherPendingCount(userId, workspaceId)) > 0;
}
