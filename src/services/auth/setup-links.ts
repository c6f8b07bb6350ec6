import { randomBytes } from "node:crypto";
import { AppError } from "../../errors.js";
import type { AppContext } from "../context.js";
import { setPassword } from "./browser-sessions.js";

/** A set-password link works once, within a day of being printed. */
export const SETUP_LINK_LIFETIME_MS = 24 * 3_600_000;

export const INVALID_SETUP_LINK =
  "This link is invalid, was already used or has expired: ask for a new one (npx parley user setup-link --email <address>)";

/** A fresh one-time token for `<url>/setup?token=…`; only its hash is stored. */
export async function createSetupToken(
  ctx: AppContext,
  userId: string,
  lifetimeMs = SETUP_LINK_LIFETIME_MS,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await ctx.passwordSetups.create(userId, token, new Date(Date.now() + lifetimeMs).toISOString());
  return token;
}

export const setupLink = (publicUrl: string, token: string): string => `${publicUrl}/setup?token=${token}`;

/**
 * What the setup page shows before anything is typed. The e-mail is named while the link still works or
 * was used (the sign-in form is pre-filled with it); an expired link names nobody.
 */
export async function inspectSetupLink(ctx: AppContext, token: string) {
  const link = await ctx.passwordSetups.inspect(token);
  if (!link) throw new AppError("INVALID_SETUP_LINK", INVALID_SETUP_LINK);
  return { state: link.state, email: link.state === "expired" ? null : link.email };
}

/**
 * Sets the password of the link's account, and nothing else: invitations are accepted one by one, each
 * through its own link (invitations.ts). A link that replaces a password is a recovery (the operator's
 * `parley user setup-link`): whoever held the account before must lose it, so its API tokens are revoked
 * along with its browser sessions. A first password keeps the tokens (the first start prints both).
 */
export async function setPasswordWithLink(ctx: AppContext, token: string, password: string): Promise<void> {
  const userId = await ctx.passwordSetups.consume(token);
  if (!userId) throw new AppError("INVALID_SETUP_LINK", INVALID_SETUP_LINK);
  const hadPassword = Boolean((await ctx.users.findById(userId))?.passwordHash);
  await setPassword(ctx, userId, password);
  if (hadPassword) await ctx.users.revokeAllTokensOf(userId);
}
