import type { Kysely } from "kysely";

/**
 * Theme templates a workspace saved ("Save as template" in the builder's theme panel). The built-in
 * templates live in code (src/schemas/theme-template.ts), so only the workspace's own are rows here.
 * `theme` is the theme's JSON, as in a bot's document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("themeTemplates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("theme", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("themeTemplates_workspaceId").on("themeTemplates").column("workspaceId").execute();
}
