import { z } from "zod";
import { idSchema } from "./common.js";
import { themeSchema } from "./theme.js";

export const themeTemplateSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    theme: themeSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ThemeTemplate" });
export type ThemeTemplate = z.infer<typeof themeTemplateSchema>;

export const themeTemplateCreateInputSchema = z.object({
  name: z.string().trim().min(1, "Name must not be empty").max(100),
  theme: themeSchema,
});

export const themeTemplateParams = z.object({ workspaceId: idSchema, themeTemplateId: idSchema });
