import { sql, type Selectable } from "kysely";
import { createId, nowIso } from "../lib/ids.js";
import type { Db } from "./database.js";
import type { KnowledgeBasesTable } from "./knowledge-tables.js";

export type KnowledgeBaseRow = Selectable<KnowledgeBasesTable> & { documentCount: number; chunkCount: number };

/** A workspace's knowledge bases (migration 0026), with how many documents and chunks each holds. */
export class KnowledgeBasesRepository {
  constructor(private readonly db: Db) {}

  async create(input: { workspaceId: string; name: string }): Promise<KnowledgeBaseRow> {
    const now = nowIso();
    const row = { id: createId(), ...input, createdAt: now, updatedAt: now };
    await this.db.insertInto("knowledgeBases").values(row).execute();
    return { ...row, documentCount: 0, chunkCount: 0 };
  }

  private withCounts() {
    return this.db
      .selectFrom("knowledgeBases as b")
      .selectAll("b")
      .select([
        sql<number>`(select count(*) from "knowledgeDocuments" d where d."knowledgeBaseId" = b.id)`.as("documentCount"),
        sql<number>`(select count(*) from "knowledgeChunks" c where c."knowledgeBaseId" = b.id)`.as("chunkCount"),
      ]);
  }

  /** Oldest first, so a base keeps its place in the list as others are added. */
  async listForWorkspace(workspaceId: string): Promise<KnowledgeBaseRow[]> {
    const rows = await this.withCounts()
      .where("b.workspaceId", "=", workspaceId)
      .orderBy("b.createdAt")
      .orderBy("b.id")
      .execute();
    return rows.map(counted);
  }

  /** The base when it belongs to the workspace. */
  async find(workspaceId: string, knowledgeBaseId: string): Promise<KnowledgeBaseRow | undefined> {
    const row = await this.withCounts()
      .where("b.workspaceId", "=", workspaceId)
      .where("b.id", "=", knowledgeBaseId)
      .executeTakeFirst();
    return row && counted(row);
  }

  async rename(knowledgeBaseId: string, name: string): Promise<void> {
    await this.db
      .updateTable("knowledgeBases")
      .set({ name, updatedAt: nowIso() })
      .where("id", "=", knowledgeBaseId)
      .execute();
  }

  async touch(knowledgeBaseId: string): Promise<void> {
    await this.db
      .updateTable("knowledgeBases")
      .set({ updatedAt: nowIso() })
      .where("id", "=", knowledgeBaseId)
      .execute();
  }

  /** Deletes the base with its documents and chunks; returns the file storage keys of its documents' bytes. */
  async delete(knowledgeBaseId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const keys = await trx
        .selectFrom("knowledgeDocuments")
        .select("contentKey")
        .where("knowledgeBaseId", "=", knowledgeBaseId)
        .execute();
      await trx.deleteFrom("knowledgeChunks").where("knowledgeBaseId", "=", knowledgeBaseId).execute();
      await trx.deleteFrom("knowledgeDocuments").where("knowledgeBaseId", "=", knowledgeBaseId).execute();
      await trx.deleteFrom("knowledgeBases").where("id", "=", knowledgeBaseId).execute();
      return keys.flatMap((row) => (row.contentKey ? [row.contentKey] : []));
    });
  }
}

// PostgreSQL answers count(*) as a string.
const counted = <R extends { documentCount: unknown; chunkCount: unknown }>(row: R) => ({
  ...row,
  documentCount: Number(row.documentCount),
  chunkCount: Number(row.chunkCount),
});
