import { z } from "zod";
import { idSchema } from "../schemas/common.js";
import { workspaceCreateInputSchema, workspaceSchema } from "../schemas/workspace.js";
import type { AppContext } from "../services/context.js";
import { createWorkspace, listWorkspaces, requireWorkspace, toWorkspace } from "../services/workspaces.js";
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
      handler: async ({ caller, params }) => ({ workspace: toWorkspace(await requireWorkspace(ctx, caller!, params.workspaceId)) }),
    }),
  ];
}
