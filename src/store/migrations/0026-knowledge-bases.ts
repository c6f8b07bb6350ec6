import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Knowledge bases (issue 33): a workspace's documents, cut into chunks, searchable in full text with
 * no outside service.
 *
 * - `knowledgeBases`: per workspace.
 * - `knowledgeDocuments`: one uploaded file or fetched URL, with its indexing job on the same row
 *   (status queued → indexing → ready | failed; `leaseUntil` and `claimToken` as in the outbox: a job
 *   whose instance died is claimed again once its lease ends, and only the claim that holds the token
 *   may write its result). Its bytes are in the file storage (`contentKey`), kept for re-indexing.
 * - `knowledgeChunks`: the passages, with their heading path (JSON) and page.
 *
 * Full text: on SQLite an FTS5 table over the chunks (external content, kept in step by triggers,
 * keyed by the chunks' integer `seq`, which VACUUM never renumbers); on PostgreSQL a generated
 * tsvector column ('simple' configuration: the documents' language is unknown and may be several;
 * stemming one language would hurt the others) with a GIN index. Its text is cut into words at every
 * character but letters and digits first, as questions are (knowledge-search.ts): the parser would
 * otherwise keep "help@example.com" or "v1.2-beta" whole, and "help" would not find it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("knowledgeBases")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("knowledgeBases_workspaceId").on("knowledgeBases").column("workspaceId").execute();

  await db.schema
    .createTable("knowledgeDocuments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("knowledgeBaseId", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("pages", "integer")
    .addColumn("chunkCount", "integer", (c) => c.notNull())
    .addColumn("contentKey", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("leaseUntil", "text")
    .addColumn("claimToken", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("indexedAt", "text")
    .execute();
  await db.schema
    .createIndex("knowledgeDocuments_knowledgeBaseId")
    .on("knowledgeDocuments")
    .column("knowledgeBaseId")
    .execute();
  await db.schema
    .createIndex("knowledgeDocuments_status")
    .on("knowledgeDocuments")
    .columns(["status", "createdAt"])
    .execute();

  if (postgres) {
    await sql`create table "knowledgeChunks" (
      id text primary key,
      "knowledgeBaseId" text not null,
      "documentId" text not null,
      ordinal integer not null,
      "headingPath" text not null,
      page integer,
      text text not null,
      search tsvector generated always as (
        setweight(to_tsvector('simple', regexp_replace("headingPath", '[^[:alnum:]]+', ' ', 'g')), 'B')
          || to_tsvector('simple', regexp_replace(text, '[^[:alnum:]]+', ' ', 'g'))
      ) stored
    )`.execute(db);
    await sql`create index "knowledgeChunks_search" on "knowledgeChunks" using gin (search)`.execute(db);
  } else {
    await sql`create table "knowledgeChunks" (
      seq integer primary key autoincrement,
      id text not null unique,
      "knowledgeBaseId" text not null,
      "documentId" text not null,
      ordinal integer not null,
      "headingPath" text not null,
      page integer,
      text text not null
    )`.execute(db);
    await sql`create virtual table "knowledgeChunksFts" using fts5(
      "headingPath", text, content='knowledgeChunks', content_rowid='seq', tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger "knowledgeChunks_insert" after insert on "knowledgeChunks" begin
      insert into "knowledgeChunksFts"(rowid, "headingPath", text) values (new.seq, new."headingPath", new.text);
    end`.execute(db);
    await sql`create trigger "knowledgeChunks_delete" after delete on "knowledgeChunks" begin
      insert into "knowledgeChunksFts"("knowledgeChunksFts", rowid, "headingPath", text)
        values ('delete', old.seq, old."headingPath", old.text);
    end`.execute(db);
  }
  await db.schema.createIndex("knowledgeChunks_documentId").on("knowledgeChunks").column("documentId").execute();
  await db.schema
    .createIndex("knowledgeChunks_knowledgeBaseId")
    .on("knowledgeChunks")
    .column("knowledgeBaseId")
    .execute();
}
