import { notFound } from "../errors.js";
import type { Caller, OwnTokenInfo } from "../store/users-repository.js";
import type { AppContext } from "./context.js";

/** The caller's own API tokens, revoked ones included; values are never stored, so never listed. */
export function listOwnTokens(ctx: AppContext, caller: Caller): Promise<OwnTokenInfo[]> {
  return ctx.users.listTokensOf(caller.userId);
}

/** A new token for the caller; its value is returned this once only. */
export async function createOwnToken(ctx: AppContext, caller: Caller, name: string) {
  const created = await ctx.users.createToken(caller.userId, name);
  return { token: { id: created.id, name, createdAt: created.createdAt }, value: created.token };
}

/** Another user's token is answered like an unknown one, never revealing that it exists. */
export async function revokeOwnToken(ctx: AppContext, caller: Caller, tokenId: string): Promise<void> {
  if (!(await ctx.users.revokeTokenOf(caller.userId, tokenId))) throw notFound("Token not found");
}
