import type { AppContext } from "../services/context.js";
import { createCredentials, deleteCredentials, listCredentials } from "../services/credentials.js";
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
      handler: async ({ caller, params }) => {
        await deleteCredentials(ctx, caller!, params.workspaceId, params.credentialsId);
        return { message: "success" };
      },
    }),
  ];
}
