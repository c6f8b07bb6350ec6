import { sql, type Insertable, type Selectable } from "kysely";
import { createId, nowIso } from "../lib/ids.js";
import type { DialectName } from "./connect.js";
import type { Db } from "./database.js";
import type { KnowledgeDocumentsTable } from "./knowledge-tables.js";
import { storedVector } from "./knowledge-vectors.js";

export type KnowledgeDocumentRow = Selectable<KnowledgeDocumentsTable>;
export type NewKnowledgeDocument = Pick<
  KnowledgeDocumentsTable,
  "knowledgeBaseId" | "name" | "source" | "url" | "format" | "size" | "contentKey"
> & { id?: string };
export type NewKnowledgeChunk = { ordinal: number; headingPath: string[]; page?: number; text: string };
/**
 * What a finished parse leaves: the document's title, pages and passages; with an embeddings source,
 * one vector per passage (same order) and the source's signature.
 */
export type IndexedDocument = {
  title?: string;
  pages?: number;
  size?: number;
  chunks: NewKnowledgeChunk[];
  vectors?: { model: string; values: Float32Array[] };
};

// PostgreSQL answers bigint columns as strings.
const sized = (row: KnowledgeDocumentRow): KnowledgeDocumentRow => ({ ...row, size: Number(row.size) });

/**
 * Documents and their indexing jobs (migration 0026). A job is claimed like an outbox item: leased,
 * claimed by one instance only (SKIP LOCKED on PostgreSQL; SQLite has one writer), claimed again
 * after its lease ends when its instance died, and written back only by the claim holding its token.
 */
export class KnowledgeDocumentsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async add(documents: NewKnowledgeDocument[]): Promise<KnowledgeDocumentRow[]> {
    const now = nowIso();
    const rows: Insertable<KnowledgeDocumentsTable>[] = documents.map((document) => ({
      id: createId(),
      ...document,
      status: "queued",
      error: null,
      pages: null,
      chunkCount: 0,
      attempts: 0,
      leaseUntil: null,
      claimToken: null,
      createdAt: now,
      indexedAt: null,
    }));
    if (rows.length > 0) await this.db.insertInto("knowledgeDocuments").values(rows).execute();
    return rows as KnowledgeDocumentRow[];
  }

  async listForBase(knowledgeBaseId: string): Promise<KnowledgeDocumentRow[]> {
    const rows = await this.db
      .selectFrom("knowledgeDocuments")
      .selectAll()
      .where("knowledgeBaseId", "=", knowledgeBaseId)
      // Files sent together share their time: then by name, as a folder lists them.
      .orderBy("createdAt")
      .orderBy("name")
      .orderBy("id")
      .execute();
    return rows.map(sized);
  }

  async countForBase(knowledgeBaseId: string): Promise<number> {
    const row = await this.db
      .selectFrom("knowledgeDocuments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("knowledgeBaseId", "=", knowledgeBaseId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async find(knowledgeBaseId: string, documentId: string): Promise<KnowledgeDocumentRow | undefined> {
    const row = await this.db
      .selectFrom("knowledgeDocuments")
      .selectAll()
      .where("knowledgeBaseId", "=", knowledgeBaseId)
      .where("id", "=", documentId)
      .executeTakeFirst();
    return row && sized(row);
  }

  /** Queued again as a new job: a claim still working on the old one can no longer write its result. */
  async requeue(documentId: string): Promise<KnowledgeDocumentRow> {
    await this.db
      .updateTable("knowledgeDocuments")
      .set({ status: "queued", error: null, attempts: 0, leaseUntil: null, claimToken: null })
      .where("id", "=", documentId)
      .execute();
    return sized(
      await this.db.selectFrom("knowledgeDocuments").selectAll().where("id", "=", documentId).executeTakeFirstOrThrow(),
    );
  }

  /** Deletes the document and its chunks; returns its file storage key, if any. */
  async delete(documentId: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("knowledgeDocuments")
        .select("contentKey")
        .where("id", "=", documentId)
        .executeTakeFirst();
      await trx.deleteFrom("knowledgeChunkVectors").where("documentId", "=", documentId).execute();
      await trx.deleteFrom("knowledgeChunks").where("documentId", "=", documentId).execute();
      await trx.deleteFrom("knowledgeDocuments").where("id", "=", documentId).execute();
      return row?.contentKey ?? null;
    });
  }

  /**
   * Up to `limit` jobs for this claimer alone: queued ones, oldest first, and those whose claimer's
   * lease ended (it died), each leased until `leaseUntil` with a fresh token. Jobs already claimed
   * `maxAttempts` times whose lease ended fail instead: a document that keeps killing its instance
   * is not tried forever.
   */
  async claim(now: string, leaseUntil: string, limit: number, maxAttempts: number): Promise<KnowledgeDocumentRow[]> {
    await this.db
      .updateTable("knowledgeDocuments")
      .set({
        status: "failed",
        error: `Indexing stopped ${maxAttempts} times before it finished; the document was not indexed.`,
        leaseUntil: null,
        claimToken: null,
      })
      .where("status", "=", "indexing")
      .where("leaseUntil", "<", now)
      .where("attempts", ">=", maxAttempts)
      .execute();
    const due = sql`select id from "knowledgeDocuments"
      where status = 'queued' or (status = 'indexing' and "leaseUntil" < ${now})
      order by "createdAt", id limit ${limit}`;
    const chosen = this.dialect === "postgres" ? sql`${due} for update skip locked` : due;
    const token = createId();
    const claimed = await sql<KnowledgeDocumentRow>`update "knowledgeDocuments"
      set status = 'indexing', "leaseUntil" = ${leaseUntil}, attempts = attempts + 1, "claimToken" = ${token}
      where id in (${chosen}) returning *`.execute(this.db);
    return claimed.rows.map(sized);
  }

  /** A URL's bytes, fetched by the claim holding `claimToken`. */
  async setContent(
    documentId: string,
    claimToken: string,
    content: { contentKey: string; size: number; format: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("knowledgeDocuments")
      .set(content)
      .where("id", "=", documentId)
      .where("claimToken", "=", claimToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The job's result: its chunks replace the document's old ones and it becomes ready, in one
   * transaction. False (and nothing written) when the claim is no longer the document's.
   */
  async finish(documentId: string, claimToken: string, indexed: IndexedDocument): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx
        .updateTable("knowledgeDocuments")
        .set({
          status: "ready",
          error: null,
          pages: indexed.pages ?? null,
          chunkCount: indexed.chunks.length,
          leaseUntil: null,
          claimToken: null,
          indexedAt: nowIso(),
          ...(indexed.title ? { name: indexed.title } : {}),
        })
        .where("id", "=", documentId)
        .where("claimToken", "=", claimToken)
        .returning(["knowledgeBaseId"])
        .executeTakeFirst();
      if (!owned) return false;
      await trx.deleteFrom("knowledgeChunkVectors").where("documentId", "=", documentId).execute();
      await trx.deleteFrom("knowledgeChunks").where("documentId", "=", documentId).execute();
      // Inserted in slices: one statement has a bounded number of parameters (SQLite: 32766).
      for (let start = 0; start < indexed.chunks.length; start += 500) {
        const slice = indexed.chunks.slice(start, start + 500).map((chunk, offset) => ({
          id: createId(),
          knowledgeBaseId: owned.knowledgeBaseId,
          documentId,
          ordinal: chunk.ordinal,
          headingPath: JSON.stringify(chunk.headingPath),
          page: chunk.page ?? null,
          text: chunk.text,
          vector: indexed.vectors?.values[start + offset],
        }));
        await trx
          .insertInto("knowledgeChunks")
          .values(slice.map(({ vector: _vector, ...chunk }) => chunk))
          .execute();
        const { vectors } = indexed;
        if (!vectors) continue;
        await trx
          .insertInto("knowledgeChunkVectors")
          .values(
            slice.flatMap(({ id, vector }) =>
              vector
                ? [
                    {
                      chunkId: id,
                      knowledgeBaseId: owned.knowledgeBaseId,
                      documentId,
                      model: vectors.model,
                      vector: storedVector(vector),
                    },
                  ]
                : [],
            ),
          )
          .execute();
      }
      return true;
    });
  }

  /** The job failed for good: the reason is the owner's to read; the old chunks go. */
  async fail(documentId: string, claimToken: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("knowledgeDocuments")
        .set({ status: "failed", error: reason, chunkCount: 0, leaseUntil: null, claimToken: null })
        .where("id", "=", documentId)
        .where("claimToken", "=", claimToken)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom("knowledgeChunkVectors").where("documentId", "=", documentId).execute();
      await trx.deleteFrom("knowledgeChunks").where("documentId", "=", documentId).execute();
      return true;
    });
  }
}
