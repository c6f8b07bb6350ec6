import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that nobody makes the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 1024;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });

export const loginInputSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const signedInSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  /** Send it back in `x-csrf-token` on every write made with the cookie. */
  csrfToken: z.string(),
});

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
