import path from "node:path";
import type { Config } from "../../config.js";
import type { Store } from "../../store/connect.js";
import type { FileStorage, StoredFile } from "./file-storage.js";
import { LocalFolderStorage } from "./local-folder-storage.js";
import { PostgresFileStorage } from "./postgres-storage.js";

export type { FileBody, FileStorage, StoredFile } from "./file-storage.js";
export { StoredFileExists } from "./file-storage.js";

/** The folder files were always kept in: the local adapter's root, and where older files are found. */
export const uploadsFolder = (config: Config) => path.join(config.dataDir, "uploads");

/** The adapter the configuration names (config.storage: S3 when set, else the database on PostgreSQL, else the disk). */
export function createFileStorage(config: Config, store: Store): FileStorage {
  const local = new LocalFolderStorage(uploadsFolder(config));
  const { storage } = config;
  if (storage.kind === "local") return local;
  if (storage.kind === "s3") {
    const s3 = storage.s3;
    return withOlderFiles(
      loadedOnUse("s3", () => import("./s3-storage.js").then(({ S3FileStorage }) => new S3FileStorage(s3))),
      local,
    );
  }
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

/**
 * An adapter whose module is imported when first used: the AWS SDK takes a third of a second to load,
 * which every process (and every test file) that never sets S3 up would otherwise pay.
 */
function loadedOnUse(kind: FileStorage["kind"], load: () => Promise<FileStorage>): FileStorage {
  let loaded: Promise<FileStorage> | undefined;
  const adapter = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    kind,
    put: async (key, body, options) => (await adapter()).put(key, body, options),
    get: async (key) => (await adapter()).get(key),
    list: async (folder) => (await adapter()).list(folder),
    delete: async (keys) => (await adapter()).delete(keys),
    check: async () => (await adapter()).check(),
    close: async () => (loaded ? (await loaded).close() : undefined),
  };
}
