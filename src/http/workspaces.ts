import type { AppContext } from "../services/context.js";
import {
  createWorkspace,
  listWorkspaces,
  requireWorkspace,
  toWorkspace,
  updateWorkspace,
} from "../services/workspaces.js";
import { addMember, listMembersAndInvitations, removeMember, updateMember } from "../services/members.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

export function workspaceRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.createWorkspace,
      handler: async ({ caller, body }) => ({ workspace: await createWorkspace(ctx, caller!, body) }),
    }),
    defineRoute({
      ...apiRoutes.listWorkspaces,
      handler: async ({ caller }) => ({ workspaces: await listWorkspaces(ctx, caller!) }),
    }),
    defineRoute({
      ...apiRoutes.getWorkspace,
      handler: async ({ caller, params }) => ({
        workspace: toWorkspace(await requireWorkspace(ctx, caller!, params.workspaceId)),
      }),
    }),
    defineRoute({
      ...apiRoutes.updateWorkspace,
      handler: async ({ caller, params, body }) => ({
        workspace: await updateWorkspace(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.listMembers,
      handler: async ({ caller, params }) => listMembersAndInvitations(ctx, caller!, params.workspaceId),
    }),
    defineRoute({
      ...apiRoutes.addMember,
      handler: async ({ caller, params, body }) => addMember(ctx, caller!, params.workspaceId, body),
    }),
    defineRoute({
      ...apiRoutes.updateMember,
      handler: async ({ caller, params, body }) =>
        updateMember(ctx, caller!, params.workspaceId, params.userId, body.role),
    }),
    defineRoute({
      ...apiRoutes.removeMember,
      handler: async ({ caller, params }) => removeMember(ctx, caller!, params.workspaceId, params.userId),
    }),
  ];
}
