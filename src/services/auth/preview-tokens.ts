import { randomBytes } from "node:crypto";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { requireBot } from "../bots.js";

/**
 * The builder's preview runs bot code in a sandboxed frame that holds no cookie. What it may do as
 * the member is start previews of the one bot it shows (its stored draft, its linked bots), for a
 * quarter of an hour: bot code that reads the token can do no more than the preview itself.
 */
export const PREVIEW_TOKEN_LIFETIME_MS = 15 * 60_000;
/** Tells a preview token apart from an API token in an Authorization header. */
export const PREVIEW_TOKEN_PREFIX = "pvt_";

export async function createPreviewToken(
  ctx: AppContext,
  caller: Caller,
  botId: string,
): Promise<{ token: string; expiresAt: string }> {
  await requireBot(ctx, caller, botId);
  await ctx.previewTokens.deleteExpired();
  const token = PREVIEW_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PREVIEW_TOKEN_LIFETIME_MS).toISOString();
  await ctx.previewTokens.create({ userId: caller.userId, botId, token, expiresAt });
  return { token, expiresAt };
}

/** The member a preview token stands for, only when it was made for this bot and is unexpired. */
export async function previewCaller(ctx: AppContext, token: string, botId: string): Promise<Caller | undefined> {
  const grant = await ctx.previewTokens.find(token);
  return grant && grant.botId === botId ? { userId: grant.userId } : undefined;
}
