import { z } from "zod";
import { messageResponseSchema } from "./common.js";
import { route, workspaceIdParams } from "./route-contract.js";
import { themeTemplateCreateInputSchema, themeTemplateParams, themeTemplateSchema } from "./theme-template.js";

const tags = ["Theme templates"] as const;

/** A workspace's own theme templates (the built-in ones are fixed: see theme-templates-builtin.ts). */
export const themeTemplateRouteContracts = {
  listThemeTemplates: route("listThemeTemplates", {
    summary: "List the theme templates the workspace saved, oldest first (the built-in templates are not listed)",
    tags,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ themeTemplates: z.array(themeTemplateSchema) }),
  }),
  createThemeTemplate: route("createThemeTemplate", {
    summary: "Save a theme as a template of the workspace",
    tags,
    auth: "token",
    params: workspaceIdParams,
    body: themeTemplateCreateInputSchema,
    response: z.object({ themeTemplate: themeTemplateSchema }),
  }),
  deleteThemeTemplate: route("deleteThemeTemplate", {
    summary: "Delete one of the workspace's theme templates (bots that picked it keep their theme)",
    tags,
    auth: "token",
    params: themeTemplateParams,
    response: messageResponseSchema,
  }),
};
