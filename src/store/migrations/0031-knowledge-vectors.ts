import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Knowledge bases with vectors (issue 33): a base may name an embeddings source (a workspace AI
 * credential of an OpenAI-compatible provider, a model, an optional base URL) and a search mode;
 * each chunk's vector is kept beside it.
 *
 * - `knowledgeBases.searchMode`: fulltext | vector | hybrid (hybrid and vector fall back to full text
 *   while the base has no embeddings source).
 * - `knowledgeChunkVectors`: one row per chunk; `model` is the source's signature (base URL + model)
 *   when it was embedded, so vectors of a model the base no longer uses are never compared with a
 *   question embedded by the new one (they differ in length, or mean nothing to each other).
 *   The vector is the unit-length embedding as little-endian float32 bytes: on SQLite sqlite-vec's
 *   vec_distance_cosine reads them; on PostgreSQL (no pgvector on Debian 12) they are loaded once per
 *   base into the instance's memory and scored there, since an exact dot product in SQL over real[]
 *   took 20 s at 100,000 chunks (docs/knowledge-bases.md has the measurements behind the choice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("knowledgeBases")
    .addColumn("searchMode", "text", (c) => c.notNull().defaultTo("hybrid"))
    .execute();
  await db.schema.alterTable("knowledgeBases").addColumn("embeddingsCredentialsId", "text").execute();
  await db.schema.alterTable("knowledgeBases").addColumn("embeddingsModel", "text").execute();
  await db.schema.alterTable("knowledgeBases").addColumn("embeddingsBaseUrl", "text").execute();
  await db.schema
    .createTable("knowledgeChunkVectors")
    .addColumn("chunkId", "text", (c) => c.primaryKey())
    .addColumn("knowledgeBaseId", "text", (c) => c.notNull())
    .addColumn("documentId", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("vector", postgres ? "bytea" : "blob", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("knowledgeChunkVectors_base_model")
    .on("knowledgeChunkVectors")
    .columns(["knowledgeBaseId", "model"])
    .execute();
  await db.schema
    .createIndex("knowledgeChunkVectors_documentId")
    .on("knowledgeChunkVectors")
    .column("documentId")
    .execute();
}
