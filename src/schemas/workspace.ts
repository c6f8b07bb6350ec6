import { z } from "zod";

export const workspaceSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  plan: z.string(),
  paymentId: z.string().nullable(),
  isSuspended: z.boolean(),
  isPastDue: z.boolean(),
  isVerified: z.boolean(),
});

export const workspaceCreateInputSchema = z.object({
  name: z.string().trim().min(1, "Name must not be empty").max(255),
  icon: z.string().max(2048).nullish(),
});

export const workspaceUpdateInputSchema = z.object({
  name: z.string().trim().min(1, "Name must not be empty").max(255).optional(),
  icon: z.string().max(2048).nullish(),
});

export const memberRoleSchema = z.enum(["ADMIN", "MEMBER", "GUEST"]);

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: memberRoleSchema,
});

/** Someone invited who has not accepted yet; the invitation lapses at `expiresAt` (7 days). */
export const workspaceInvitationSchema = workspaceMemberSchema.extend({ expiresAt: z.string() });

export const memberInviteInputSchema = z.object({
  email: z.string().trim().email("Enter an e-mail address").max(320),
  role: memberRoleSchema,
});

export const memberUpdateInputSchema = z.object({ role: memberRoleSchema });

/**
 * Adding someone: a member already gets the role asked for (`member`); anyone else is invited
 * (`invitation`), with a link of that invitation's own, mailed to them when the server has SMTP_URL.
 * `inviteUrl` is that link, when the admin may see it: always for an account with a password (the
 * link then needs signing in as it); for one without, only if it belongs to no other workspace.
 */
export const memberAddedSchema = z.object({
  member: workspaceMemberSchema.optional(),
  invitation: workspaceInvitationSchema.optional(),
  inviteUrl: z.string().optional(),
  emailSent: z.boolean().optional(),
});

/** An invitation as its link shows it (GET /api/auth/invitation). */
export const invitationInfoSchema = z.object({
  email: z.string(),
  workspace: z.object({ id: z.string(), name: z.string() }),
  role: memberRoleSchema,
  expiresAt: z.string(),
  /** The account has no password yet: it is chosen when accepting. Otherwise, sign in as the account first. */
  needsPassword: z.boolean(),
});

export const invitationAcceptedSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  email: z.string(),
});
