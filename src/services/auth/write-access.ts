import { AppError, notFound } from "../../errors.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";

export const GUEST_READ_ONLY = "Guests can read this workspace's bots and results but not change anything";

/** What a management write names: its workspace, directly or through one of its bots. */
export type WriteTarget = { workspaceId?: unknown; botId?: unknown };

/**
 * The one check that keeps guests read-only, run by the route table before every management write
 * (src/http/route.ts) and before its body is validated: a guest of the workspace the request names
 * gets 403, a caller who is not a member 404 (another workspace's resources stay invisible), whatever
 * the route and its body. The target is the one the path names (src/http/route.ts writeTarget), both
 * when a path names a workspace and a bot. Writes that name no workspace (a new workspace, one's own
 * API tokens) pass.
 */
export async function requireWriter(ctx: AppContext, caller: Caller, target: WriteTarget): Promise<void> {
  const roles: (string | undefined)[] = [];
  if (typeof target.workspaceId === "string") {
    const role = (await ctx.workspaces.findForMember(target.workspaceId, caller.userId))?.role;
    if (!role) throw notFound("Workspace not found");
    roles.push(role);
  }
  if (typeof target.botId === "string") {
    const role = (await ctx.bots.findForMember(target.botId, caller.userId))?.role;
    if (!role) throw notFound("Bot not found");
    roles.push(role);
  }
  if (roles.includes("GUEST")) throw new AppError("FORBIDDEN", GUEST_READ_ONLY);
}
