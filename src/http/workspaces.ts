import { z } from "zod";
import { idSchema } from "../schemas/common.js";
import {
  workspaceCreateInputSchema,
  workspaceMemberSchema,
  workspaceSchema,
  workspaceUpdateInputSchema,
} from "../schemas/workspace.js";
import type { AppContext } from "../services/context.js";
import {
  createWorkspace,
  listMembers,
  listWorkspaces,
  requireWorkspace,
  toWorkspace,
  updateWorkspace,
} from "../services/workspaces.js";
import { defineRoute } from "./route.js";

export function workspaceRoutes(ctx: AppContext) {
  const tags = ["Workspaces"];
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/workspaces",
      summary: "Create a workspace",
      tags,
      auth: "token",
      body: workspaceCreateInputSchema,
      response: z.object({ workspace: workspaceSchema }),
      handler: async ({ caller, body }) => ({ workspace: await createWorkspace(ctx, caller!, body) }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces",
      summary: "List the caller's workspaces",
      tags,
      auth: "token",
      response: z.object({ workspaces: z.array(workspaceSchema) }),
      handler: async ({ caller }) => ({ workspaces: await listWorkspaces(ctx, caller!) }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces/:workspaceId",
      summary: "Read a workspace",
      tags,
      auth: "token",
      params: z.object({ workspaceId: idSchema }),
      response: z.object({ workspace: workspaceSchema }),
      handler: async ({ caller, params }) => ({
        workspace: toWorkspace(await requireWorkspace(ctx, caller!, params.workspaceId)),
      }),
    }),
    defineRoute({
      method: "PATCH",
      url: "/api/v1/workspaces/:workspaceId",
      summary: "Rename a workspace or change its icon (admins only)",
      tags,
      auth: "token",
      params: z.object({ workspaceId: idSchema }),
      body: workspaceUpdateInputSchema,
      response: z.object({ workspace: workspaceSchema }),
      handler: async ({ caller, params, body }) => ({
        workspace: await updateWorkspace(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces/:workspaceId/members",
      summary: "List the members of a workspace",
      tags,
      auth: "token",
      params: z.object({ workspaceId: idSchema }),
      response: z.object({ members: z.array(workspaceMemberSchema) }),
      handler: async ({ caller, params }) => ({ members: await listMembers(ctx, caller!, params.workspaceId) }),
    }),
  ];
}
