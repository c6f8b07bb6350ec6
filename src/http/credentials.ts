import type { AppContext } from "../services/context.js";
import {
  createCredentials,
  credentialsModels,
  credentialsUsage,
  deleteCredentials,
  listCredentials,
  renameCredentials,
  testCredentials,
} from "../services/credentials.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

export function credentialsRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.createCredentials,
      handler: async ({ caller, params, body }) => ({
        credentials: await createCredentials(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.listCredentials,
      handler: async ({ caller, params, query }) => ({
        credentials: await listCredentials(ctx, caller!, params.workspaceId, query.type),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteCredentials,
      handler: async ({ caller, params, query }) => {
        await deleteCredentials(ctx, caller!, params.workspaceId, params.credentialsId, query.confirm === "true");
        return { message: "success" };
      },
    }),
    defineRoute({
      ...apiRoutes.renameCredentials,
      handler: async ({ caller, params, body }) => ({
        credentials: await renameCredentials(ctx, caller!, params.workspaceId, params.credentialsId, body.name),
      }),
    }),
    defineRoute({
      ...apiRoutes.credentialsUsage,
      handler: async ({ caller, params }) => ({
        bots: await credentialsUsage(ctx, caller!, params.workspaceId, params.credentialsId),
      }),
    }),
    defineRoute({
      ...apiRoutes.credentialsModels,
      handler: async ({ caller, params }) => ({
        models: await credentialsModels(ctx, caller!, params.workspaceId, params.credentialsId),
      }),
    }),
    defineRoute({
      ...apiRoutes.testCredentials,
      handler: async ({ caller, params }) => testCredentials(ctx, caller!, params.workspaceId, params.credentialsId),
    }),
  ];
}
