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

/** Someone invited who has not signed up yet; the invitation lapses at `expiresAt` (7 days). */
export const workspaceInvitationSchema = workspaceMemberSchema.extend({ expiresAt: z.string() });

export const memberInviteInputSchema = z.object({
  email: z.string().trim().email("Enter an e-mail address").max(320),
  role: memberRoleSchema,
});

export const memberUpdateInputSchema = z.object({ role: memberRoleSchema });

/**
 * Adding someone: a user with an account joins at once (`member`); anyone else is invited
 * (`invitation`, with the sign-up link `inviteUrl`, mailed to them when the server has SMTP_URL).
 */
export const memberAddedSchema = z.object({
  member: workspaceMemberSchema.optional(),
  invitation: workspaceInvitationSchema.optional(),
  inviteUrl: z.string().optional(),
  emailSent: z.boolean().optional(),
});
