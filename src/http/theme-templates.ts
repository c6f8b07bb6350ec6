import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import { createThemeTemplate, deleteThemeTemplate, listThemeTemplates } from "../services/theme-templates.js";
import { defineRoute } from "./route.js";

export function themeTemplateRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.listThemeTemplates,
      handler: async ({ caller, params }) => ({
        themeTemplates: await listThemeTemplates(ctx, caller!, params.workspaceId),
      }),
    }),
    defineRoute({
      ...apiRoutes.createThemeTemplate,
      handler: async ({ caller, params, body }) => ({
        themeTemplate: await createThemeTemplate(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteThemeTemplate,
      handler: async ({ caller, params }) =>
        deleteThemeTemplate(ctx, caller!, params.workspaceId, params.themeTemplateId),
    }),
  ];
}
