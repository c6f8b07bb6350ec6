import { z } from "zod";
import {
  credentialsCreateInputSchema,
  credentialsSummarySchema,
  credentialsTypes,
} from "../integrations/credentials/credentials-data.js";
import { idSchema, messageResponseSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import {
  createCredentials,
  credentialsModels,
  credentialsUsage,
  deleteCredentials,
  listCredentials,
  renameCredentials,
} from "../services/credentials.js";
import { defineRoute } from "./route.js";

const workspaceParams = z.object({ workspaceId: idSchema });
const credentialsParams = z.object({ workspaceId: idSchema, credentialsId: idSchema });

export function credentialsRoutes(ctx: AppContext) {
  const tags = ["Credentials"];
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/workspaces/:workspaceId/credentials",
      summary: "Store credentials (SMTP server, OpenAI key, HTTP secrets); the data is encrypted and never returned",
      tags,
      auth: "token",
      params: workspaceParams,
      body: credentialsCreateInputSchema,
      response: z.object({ credentials: credentialsSummarySchema }),
      handler: async ({ caller, params, body }) => ({
        credentials: await createCredentials(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces/:workspaceId/credentials",
      summary: "List the workspace's credentials (names and types, without their data)",
      tags,
      auth: "token",
      params: workspaceParams,
      query: z.object({ type: z.enum(credentialsTypes).optional() }),
      response: z.object({ credentials: z.array(credentialsSummarySchema) }),
      handler: async ({ caller, params, query }) => ({
        credentials: await listCredentials(ctx, caller!, params.workspaceId, query.type),
      }),
    }),
    defineRoute({
      method: "DELETE",
      url: "/api/v1/workspaces/:workspaceId/credentials/:credentialsId",
      summary:
        "Delete credentials; ones a bot uses answer 409 naming the bots unless `?confirm=true` (their blocks then log an error)",
      tags,
      auth: "token",
      params: credentialsParams,
      query: z.object({ confirm: z.enum(["true", "false"]).optional() }),
      response: messageResponseSchema,
      handler: async ({ caller, params, query }) => {
        await deleteCredentials(ctx, caller!, params.workspaceId, params.credentialsId, query.confirm === "true");
        return { message: "success" };
      },
    }),
    defineRoute({
      method: "PATCH",
      url: "/api/v1/workspaces/:workspaceId/credentials/:credentialsId",
      summary: "Rename credentials (their data cannot be changed: create new ones)",
      tags,
      auth: "token",
      params: credentialsParams,
      body: z.object({ name: z.string().trim().min(1).max(200) }),
      response: z.object({ credentials: credentialsSummarySchema }),
      handler: async ({ caller, params, body }) => ({
        credentials: await renameCredentials(ctx, caller!, params.workspaceId, params.credentialsId, body.name),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces/:workspaceId/credentials/:credentialsId/usage",
      summary: "The workspace's bots whose blocks use these credentials",
      tags,
      auth: "token",
      params: credentialsParams,
      response: z.object({ bots: z.array(z.object({ id: z.string(), name: z.string() })) }),
      handler: async ({ caller, params }) => ({
        bots: await credentialsUsage(ctx, caller!, params.workspaceId, params.credentialsId),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/workspaces/:workspaceId/credentials/:credentialsId/models",
      summary: "The models an AI provider's credentials can use (read from the provider where it lists them)",
      tags,
      auth: "token",
      params: credentialsParams,
      response: z.object({ models: z.array(z.string()) }),
      handler: async ({ caller, params }) => ({
        models: await credentialsModels(ctx, caller!, params.workspaceId, params.credentialsId),
      }),
    }),
  ];
}
