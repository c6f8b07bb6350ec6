import { Readable } from "node:stream";
import type { Db } from "../../store/database.js";
import {
  assertFolder,
  assertKey,
  type FileBody,
  type FileStorage,
  inPiecesOf,
  type StoredFile,
  StoredFileExists,
} from "./file-storage.js";

/** Rows of 256 KiB: a file is written as it arrives and read back one row at a time. */
export const CHUNK_BYTES = 256 * 1024;
const DELETE_BATCH = 500;

/**
 * Files in the PostgreSQL database every instance shares (migration 0018): one `storedFiles` row
 * per file, its bytes in `storedFileChunks` rows. A file counts once its last chunk is in
 * (`complete`), so a reader never gets half of one, and a failed write deletes what it wrote.
 */
export class PostgresFileStorage implements FileStorage {
  readonly kind = "database";

  constructor(private readonly db: Db) {}

  async put(key: string, body: FileBody, options: { contentType?: string } = {}): Promise<{ size: number }> {
    const segments = assertKey(key);
    const claimed = await this.db
      .insertInto("storedFiles")
      .values({
        key,
        folder: `${segments.slice(0, -1).join("/")}/`,
        size: 0,
        contentType: options.contentType ?? null,
        complete: 0,
        createdAt: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed) throw new StoredFileExists(key);
    let size = 0;
    let n = 0;
    try {
      for await (const piece of inPiecesOf(CHUNK_BYTES, body)) {
        await this.db.insertInto("storedFileChunks").values({ fileKey: key, n, data: piece }).execute();
        size += piece.length;
        n += 1;
      }
      await this.db.updateTable("storedFiles").set({ size, complete: 1 }).where("key", "=", key).execute();
      return { size };
    } catch (error) {
      await this.delete([key]);
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertKey(key);
    const row = await this.db
      .selectFrom("storedFiles")
      .select(["size", "contentType"])
      .where("key", "=", key)
      .where("complete", "=", 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const size = Number(row.size);
    const db = this.db;
    const chunks = Math.ceil(size / CHUNK_BYTES);
    async function* rows() {
      for (let n = 0; n < chunks; n++) {
        const chunk = await db
          .selectFrom("storedFileChunks")
          .select("data")
          .where("fileKey", "=", key)
          .where("n", "=", n)
          .executeTakeFirst();
        if (!chunk) throw new Error(`The stored file ${key} was deleted while it was read`);
        yield chunk.data;
      }
    }
    return {
      size,
      ...(row.contentType ? { contentType: row.contentType } : {}),
      stream: () => Readable.from(rows(), { objectMode: false }),
    };
  }

  async list(folder: string): Promise<string[]> {
    assertFolder(folder);
    const rows = await this.db
      .selectFrom("storedFiles")
      .select("key")
      .where("folder", "=", folder)
      .where("complete", "=", 1)
      .orderBy("key")
      .execute();
    return rows.map((row) => row.key);
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("storedFileChunks").where("fileKey", "in", batch).execute();
        await trx.deleteFrom("storedFiles").where("key", "in", batch).execute();
      });
    }
  }

  async check(): Promise<void> {
    await this.db.selectFrom("storedFiles").select("key").limit(1).execute();
  }

  async close(): Promise<void> {}
}
