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

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(["ADMIN", "MEMBER", "GUEST"]),
});
