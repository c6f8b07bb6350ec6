import { sql, type Selectable } from "kysely";
import { createId, nowIso } from "../lib/ids.js";
import type { Db } from "./database.js";
import type { KnowledgeBasesTable, KnowledgeSearchMode } from "./knowledge-tables.js";

export type KnowledgeBaseRow = Selectable<KnowledgeBasesTable> & { documentCount: number; chunkCount: number };
/** Where a base's embeddings come from; null: none (full text only). */
export type KnowledgeEmbeddingsSetting = { credentialsId: string; model: string; baseUrl?: string } | null;
export type KnowledgeBaseSettings = { searchMode?: KnowledgeSearchMode; embeddings?: KnowledgeEmbeddingsSetting };

const embeddingsColumns = (embeddings: KnowledgeEmbeddingsSetting) => ({
  embeddingsCredentialsId: embeddings?.credentialsId ?? null,
  embeddingsModel: embeddings?.model ?? null,
  embeddingsBaseUrl: embeddings?.baseUrl ?? null,
});

/** A workspace's knowledge bases (migration 0026), with how many documents and chunks each holds. */
export class KnowledgeBasesRepository {
  constructor(private readonly db: Db) {}

  async create(input: { workspaceId: string; name: string } & KnowledgeBaseSettings): Promise<KnowledgeBaseRow> {
    const now = nowIso();
    const row = {
      id: createId(),
      workspaceId: input.workspaceId,
      name: input.name,
      searchMode: input.searchMode ?? "hybrid",
      ...embeddingsColumns(input.embeddings ?? null),
      createdAt: now,
      updatedAt: now,
    };
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

  /** The base whatever its workspace: for the indexer, which works on behalf of none. */
  async findById(knowledgeBaseId: string): Promise<KnowledgeBaseRow | undefined> {
    const row = await this.withCounts().where("b.id", "=", knowledgeBaseId).executeTakeFirst();
    return row && counted(row);
  }

  async rename(knowledgeBaseId: string, name: string): Promise<void> {
    await this.db
      .updateTable("knowledgeBases")
      .set({ name, updatedAt: nowIso() })
      .where("id", "=", knowledgeBaseId)
      .execute();
  }

  /**
   * Changes what is given; a new embeddings source (another model, address or credential) queues
   * every document again, in the same transaction, and drops the old vectors: they can no longer be
   * compared with questions. True when the documents were queued again.
   */
  async update(knowledgeBaseId: string, input: { name?: string } & KnowledgeBaseSettings): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("knowledgeBases")
        .select(["embeddingsCredentialsId", "embeddingsModel", "embeddingsBaseUrl"])
        .where("id", "=", knowledgeBaseId)
        .executeTakeFirstOrThrow();
      const next = input.embeddings === undefined ? undefined : embeddingsColumns(input.embeddings);
      const changed =
        next !== undefined &&
        (next.embeddingsCredentialsId !== before.embeddingsCredentialsId ||
          next.embeddingsModel !== before.embeddingsModel ||
          next.embeddingsBaseUrl !== before.embeddingsBaseUrl);
      await trx
        .updateTable("knowledgeBases")
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.searchMode !== undefined ? { searchMode: input.searchMode } : {}),
          ...(next ?? {}),
          updatedAt: nowIso(),
        })
        .where("id", "=", knowledgeBaseId)
        .execute();
      if (!changed) return false;
      await trx.deleteFrom("knowledgeChunkVectors").where("knowledgeBaseId", "=", knowledgeBaseId).execute();
      // As a re-index of each document: a claim still working on the old job can no longer write.
      await trx
        .updateTable("knowledgeDocuments")
        .set({ status: "queued", error: null, attempts: 0, leaseUntil: null, claimToken: null })
        .where("knowledgeBaseId", "=", knowledgeBaseId)
        .execute();
      return true;
    });
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
      await trx.deleteFrom("knowledgeChunkVectors").where("knowledgeBaseId", "=", knowledgeBaseId).execute();
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
