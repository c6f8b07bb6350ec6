import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Uploads and generated files in the database, for instances sharing one PostgreSQL (README "File
 * storage"): `storedFiles` says which files exist (a file counts once `complete`), `storedFileChunks`
 * holds their bytes in rows of 256 KiB. The embedded database keeps its files in the data folder,
 * so on SQLite this migration creates nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable("storedFiles")
    .addColumn("key", "text", (c) => c.primaryKey())
    // The key up to its last "/": what listing a folder looks for.
    .addColumn("folder", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("contentType", "text")
    .addColumn("complete", "integer", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("storedFiles_folder").on("storedFiles").column("folder").execute();
  await db.schema
    .createTable("storedFileChunks")
    .addColumn("fileKey", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addPrimaryKeyConstraint("storedFileChunks_pk", ["fileKey", "n"])
    .execute();
}
