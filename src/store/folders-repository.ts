import type { Db, FoldersTable } from "./database.js";
import type { Selectable } from "kysely";
import { createId, nowIso } from "../lib/ids.js";

export type FolderRow = Selectable<FoldersTable>;

/** Folders of bots; see migration 0011. */
export class FoldersRepository {
  constructor(private readonly db: Db) {}

  async create(input: { workspaceId: string; parentFolderId: string | null; name: string }): Promise<FolderRow> {
    const now = nowIso();
    const row: FolderRow = { id: createId(), ...input, createdAt: now, updatedAt: now };
    await this.db.insertInto("folders").values(row).execute();
    return row;
  }

  /** A workspace's folders, by name. */
  listForWorkspace(workspaceId: string): Promise<FolderRow[]> {
    return this.db
      .selectFrom("folders")
      .selectAll()
      .where("workspaceId", "=", workspaceId)
      .orderBy("name")
      .orderBy("id")
      .execute();
  }

  findInWorkspace(workspaceId: string, folderId: string): Promise<FolderRow | undefined> {
    return this.db
      .selectFrom("folders")
      .selectAll()
      .where("workspaceId", "=", workspaceId)
      .where("id", "=", folderId)
      .executeTakeFirst();
  }

  async update(folderId: string, patch: { name?: string; parentFolderId?: string | null }): Promise<void> {
    await this.db
      .updateTable("folders")
      .set({ ...patch, updatedAt: nowIso() })
      .where("id", "=", folderId)
      .execute();
  }

  /** Deletes a folder; its bots and sub-folders move to its parent, in the same transaction. */
  async deleteIntoParent(folder: FolderRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("bots")
        .set({ folderId: folder.parentFolderId })
        .where("folderId", "=", folder.id)
        .execute();
      await trx
        .updateTable("folders")
        .set({ parentFolderId: folder.parentFolderId, updatedAt: nowIso() })
        .where("parentFolderId", "=", folder.id)
        .execute();
      await trx.deleteFrom("folders").where("id", "=", folder.id).execute();
    });
  }
}
