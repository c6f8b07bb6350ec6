import { z } from "zod";
import {
  credentialsCreateInputSchema,
  credentialsSummarySchema,
  credentialsTypes,
} from "../integrations/credentials/credentials-data.js";
import { idSchema, messageResponseSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import { createCredentials, deleteCredentials, listCredentials } from "../services/credentials.js";
import { defineRoute } from "./route.js";

const workspaceParams = z.object({ workspaceId: idSchema });

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
      summary: "Delete credentials (blocks that use them then log an error)",
      tags,
      auth: "token",
      params: z.object({ workspaceId: idSchema, credentialsId: idSchema }),
      response: messageResponseSchema,
      handler: async ({ caller, params }) => {
        await deleteCredentials(ctx, caller!, params.workspaceId, params.credentialsId);
        return { message: "success" };
      },
    }),
  ];
}
