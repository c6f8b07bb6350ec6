import { notFound } from "../errors.js";
import type { Theme } from "../schemas/theme.js";
import type { ThemeTemplate } from "../schemas/theme-template.js";
import type { ThemeTemplateRow } from "../store/theme-templates-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { requireWorkspace } from "./workspaces.js";

const toThemeTemplate = (row: ThemeTemplateRow): ThemeTemplate => ({
  id: row.id,
  workspaceId: row.workspaceId,
  name: row.name,
  theme: JSON.parse(row.theme) as Theme,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listThemeTemplates(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
): Promise<ThemeTemplate[]> {
  await requireWorkspace(ctx, caller, workspaceId);
  return (await ctx.themeTemplates.listForWorkspace(workspaceId)).map(toThemeTemplate);
}

/** Stores a copy of the theme: later edits of the bot it came from leave the template as it was. */
export async function createThemeTemplate(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { name: string; theme: Theme },
): Promise<ThemeTemplate> {
  await requireWorkspace(ctx, caller, workspaceId);
  const row = await ctx.themeTemplates.create({ workspaceId, name: input.name, theme: JSON.stringify(input.theme) });
  return toThemeTemplate(row);
}

export async function deleteThemeTemplate(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  themeTemplateId: string,
): Promise<{ message: string }> {
  await requireWorkspace(ctx, caller, workspaceId);
  if (!(await ctx.themeTemplates.delete(workspaceId, themeTemplateId))) throw notFound("Theme template not found");
  return { message: "Theme template deleted" };
}
