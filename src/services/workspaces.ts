import { AppError, notFound } from "../errors.js";
import type { WorkspaceRow } from "../store/database.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";

export type Workspace = {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  icon: string | null;
  plan: string;
  paymentId: string | null;
  isSuspended: boolean;
  isPastDue: boolean;
  isVerified: boolean;
};

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    name: row.name,
    icon: row.icon,
    plan: row.plan,
    paymentId: row.paymentId,
    isSuspended: Boolean(row.isSuspended),
    isPastDue: Boolean(row.isPastDue),
    isVerified: Boolean(row.isVerified),
  };
}

export async function createWorkspace(
  ctx: AppContext,
  caller: Caller,
  input: { name: string; icon?: string | null },
): Promise<Workspace> {
  return toWorkspace(await ctx.workspaces.create(caller.userId, input));
}

export async function listWorkspaces(ctx: AppContext, caller: Caller): Promise<Workspace[]> {
  return (await ctx.workspaces.listForUser(caller.userId)).map(toWorkspace);
}

/** The workspace when the caller is a member; otherwise 404, never revealing that it exists. */
export async function requireWorkspace(ctx: AppContext, caller: Caller, workspaceId: string) {
  const workspace = await ctx.workspaces.findForMember(workspaceId, caller.userId);
  if (!workspace) throw notFound("Workspace not found");
  return workspace;
}

/** Renaming or changing the icon is for the workspace's admins; other members get 403. */
export async function updateWorkspace(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { name?: string; icon?: string | null },
): Promise<Workspace> {
  const workspace = await requireWorkspace(ctx, caller, workspaceId);
  if (workspace.role !== "ADMIN") throw new AppError("ADMIN_ONLY", "Only the workspace's admins can change it");
  const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as typeof input;
  if (Object.keys(patch).length === 0) return toWorkspace(workspace);
  await ctx.workspaces.update(workspaceId, patch);
  return toWorkspace((await ctx.workspaces.findForMember(workspaceId, caller.userId))!);
}
