import { notFound } from "../errors.js";
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

export async function createWorkspace(ctx: AppContext, caller: Caller, input: { name: string; icon?: string | null }): Promise<Workspace> {
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
