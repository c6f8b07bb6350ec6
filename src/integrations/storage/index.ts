import path from "node:path";
import type { Config } from "../../config.js";
import type { Store } from "../../store/connect.js";
import type { FileStorage, StoredFile } from "./file-storage.js";
import { LocalFolderStorage } from "./local-folder-storage.js";
import { PostgresFileStorage } from "./postgres-storage.js";
import { S3FileStorage } from "./s3-storage.js";

export type { FileBody, FileStorage, StoredFile } from "./file-storage.js";
export { StoredFileExists } from "./file-storage.js";

/** The folder files were always kept in: the local adapter's root, and where older files are found. */
export const uploadsFolder = (config: Config) => path.join(config.dataDir, "uploads");

/** The adapter the configuration names (config.storage: S3 when set, else the database on PostgreSQL, else the disk). */
export function createFileStorage(config: Config, store: Store): FileStorage {
  const local = new LocalFolderStorage(uploadsFolder(config));
  const { storage } = config;
  if (storage.kind === "local") return local;
  if (storage.kind === "s3") return withOlderFiles(new S3FileStorage(storage.s3), local);
  if (store.dialect !== "postgres") return local;
  return withOlderFiles(new PostgresFileStorage(store.db), local);
}

/**
 * Files stored in the data folder before the shared storage was set up stay readable and deletable
 * there (on the instance that has them): reads fall back to the folder, deletes reach both. New
 * files go to the shared storage only.
 */
function withOlderFiles(shared: FileStorage, older: LocalFolderStorage): FileStorage {
  return {
    kind: shared.kind,
    put: (key, body, options) => shared.put(key, body, options),
    async get(key): Promise<StoredFile | undefined> {
      return (await shared.get(key)) ?? older.get(key);
    },
    async list(folder) {
      const [inShared, inOlder] = await Promise.all([shared.list(folder), older.list(folder)]);
      return [...new Set([...inShared, ...inOlder])];
    },
    async delete(keys) {
      await shared.delete(keys);
      await older.delete(keys);
    },
    check: () => shared.check(),
    close: () => shared.close(),
  };
}
