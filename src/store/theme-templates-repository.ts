import type { Selectable } from "kysely";
import { createId, nowIso } from "../lib/ids.js";
import type { Db, ThemeTemplatesTable } from "./database.js";

export type ThemeTemplateRow = Selectable<ThemeTemplatesTable>;

/** A workspace's saved theme templates; see migration 0014. */
export class ThemeTemplatesRepository {
  constructor(private readonly db: Db) {}

  async create(input: { workspaceId: string; name: string; theme: string }): Promise<ThemeTemplateRow> {
    const now = nowIso();
    const row: ThemeTemplateRow = { id: createId(), ...input, createdAt: now, updatedAt: now };
    await this.db.insertInto("themeTemplates").values(row).execute();
    return row;
  }

  /** Oldest first, so a template keeps its place in the list as others are added. */
  listForWorkspace(workspaceId: string): Promise<ThemeTemplateRow[]> {
    return this.db
      .selectFrom("themeTemplates")
      .selectAll()
      .where("workspaceId", "=", workspaceId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  /** Deletes the template when it belongs to the workspace; false when there is none. */
  async delete(workspaceId: string, themeTemplateId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("themeTemplates")
      .where("workspaceId", "=", workspaceId)
      .where("id", "=", themeTemplateId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
