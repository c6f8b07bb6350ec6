import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import type { FileStorage } from "../../../src/integrations/storage/index.js";
import { StoredFileExists } from "../../../src/integrations/storage/index.js";
import { LocalFolderStorage } from "../../../src/integrations/storage/local-folder-storage.js";
import { PostgresFileStorage } from "../../../src/integrations/storage/postgres-storage.js";
import { S3FileStorage } from "../../../src/integrations/storage/s3-storage.js";
import { openStore, type Store } from "../../../src/store/connect.js";
import { createTestDatabase } from "../../helpers/test-database.js";
import { patternBytes, sha256Of, startS3Server, textOf } from "./storage-fixtures.js";

type Adapter = { storage: FileStorage; close(): Promise<void> };

/** The same promises, kept by every adapter: what the uploads and their records rely on. */
function contract(name: string, open: () => Promise<Adapter>, enabled = true) {
  describe.runIf(enabled)(`file storage contract: ${name}`, () => {
    let adapter: Adapter;
    let files: FileStorage;
    beforeAll(async () => {
      adapter = await open();
      files = adapter.storage;
    });
    afterAll(async () => adapter?.close());

    it("streams a file in and gives back the same bytes and size, across chunk and part boundaries", async () => {
      // 6 MiB + 3 bytes in 64 KiB pieces: several 256 KiB database rows, two S3 parts.
      const size = 6 * 1024 * 1024 + 3;
      expect(await files.put("f1aaaaaaaaaaaaaaaaaaaaaa/big.bin", patternBytes(size))).toEqual({ size });
      const stored = await files.get("f1aaaaaaaaaaaaaaaaaaaaaa/big.bin");
      expect(stored?.size).toBe(size);
      expect(await sha256Of(stored!.stream())).toBe(await sha256Of(patternBytes(size)));
    });

    it("stores small and empty files, and answers undefined for a key nobody stored", async () => {
      await files.put("f2aaaaaaaaaaaaaaaaaaaaaa/note.txt", [Buffer.from("hello")], { contentType: "text/plain" });
      await files.put("f2aaaaaaaaaaaaaaaaaaaaaa/empty.txt", []);
      expect(await textOf((await files.get("f2aaaaaaaaaaaaaaaaaaaaaa/note.txt"))!.stream())).toBe("hello");
      expect((await files.get("f2aaaaaaaaaaaaaaaaaaaaaa/empty.txt"))?.size).toBe(0);
      expect(await files.get("f2aaaaaaaaaaaaaaaaaaaaaa/other.txt")).toBeUndefined();
      expect(await files.get("nobody/note.txt")).toBeUndefined();
    });

    it("refuses a key already taken and keeps the first file", async () => {
      await files.put("f3aaaaaaaaaaaaaaaaaaaaaa/a.txt", [Buffer.from("first")]);
      await expect(files.put("f3aaaaaaaaaaaaaaaaaaaaaa/a.txt", [Buffer.from("second")])).rejects.toBeInstanceOf(
        StoredFileExists,
      );
      expect(await textOf((await files.get("f3aaaaaaaaaaaaaaaaaaaaaa/a.txt"))!.stream())).toBe("first");
    });

    it("leaves nothing behind when the body fails half-way (a file past the upload limit)", async () => {
      async function* failing() {
        yield* patternBytes(600 * 1024);
        throw new Error("The file is larger than 0.5 MB");
      }
      await expect(files.put("f4aaaaaaaaaaaaaaaaaaaaaa/big.bin", failing())).rejects.toThrow(
        "The file is larger than 0.5 MB",
      );
      expect(await files.get("f4aaaaaaaaaaaaaaaaaaaaaa/big.bin")).toBeUndefined();
      expect(await files.list("f4aaaaaaaaaaaaaaaaaaaaaa/")).toEqual([]);
      // The key is free again.
      await files.put("f4aaaaaaaaaaaaaaaaaaaaaa/big.bin", [Buffer.from("ok")]);
      expect((await files.get("f4aaaaaaaaaaaaaaaaaaaaaa/big.bin"))?.size).toBe(2);
    });

    it("fails with the body's own error when it fails while a write is still under way", async () => {
      // As an upload over the limit: the file is open and written to, a small chunk is handed to the
      // disk without waiting for it, and the next read of the body fails before that write ends.
      async function* failingMidWrite() {
        yield Buffer.from("the first part");
        await new Promise((resolve) => setTimeout(resolve, 20));
        yield Buffer.from("a part still being written");
        throw new Error("The file is larger than 0.5 MB");
      }
      for (let attempt = 0; attempt < 10; attempt++) {
        const key = `f6aaaaaaaaaaaaaaaaaaaa${String(attempt).padStart(2, "0")}/big.bin`;
        await expect(files.put(key, failingMidWrite())).rejects.toThrow("The file is larger than 0.5 MB");
        expect(await files.get(key)).toBeUndefined();
      }
    });

    it("lists the keys directly in a folder, and deletes keys (unknown ones too) without touching others", async () => {
      await files.put(".sessions/s1/f5aaaaaaaaaaaaaaaaaaaaaa", [Buffer.from('{"size":1}')]);
      await files.put(".sessions/s1/f6aaaaaaaaaaaaaaaaaaaaaa", [Buffer.from('{"size":2}')]);
      await files.put(".sessions/s10/f7aaaaaaaaaaaaaaaaaaaaaa", [Buffer.from('{"size":3}')]);
      expect((await files.list(".sessions/s1/")).sort()).toEqual([
        ".sessions/s1/f5aaaaaaaaaaaaaaaaaaaaaa",
        ".sessions/s1/f6aaaaaaaaaaaaaaaaaaaaaa",
      ]);
      expect(await files.list(".sessions/")).toEqual([]);
      await files.delete([".sessions/s1/f5aaaaaaaaaaaaaaaaaaaaaa", ".sessions/s1/never-stored"]);
      expect(await files.list(".sessions/s1/")).toEqual([".sessions/s1/f6aaaaaaaaaaaaaaaaaaaaaa"]);
      expect(await files.list(".sessions/s10/")).toEqual([".sessions/s10/f7aaaaaaaaaaaaaaaaaaaaaa"]);
      expect(await files.get(".sessions/s1/f5aaaaaaaaaaaaaaaaaaaaaa")).toBeUndefined();
    });

    it("refuses keys that climb out of the storage", async () => {
      await expect(files.put("../escape.txt", [Buffer.from("x")])).rejects.toThrow("Not a storage key");
      await expect(files.get("a/../../etc/passwd")).rejects.toThrow("Not a storage key");
    });

    it("passes its readiness check", async () => {
      await expect(files.check()).resolves.toBeUndefined();
    });
  });
}

contract("local folder", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-files-"));
  return {
    storage: new LocalFolderStorage(path.join(dir, "uploads")),
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

contract(
  "PostgreSQL",
  async () => {
    const database = await createTestDatabase();
    const store: Store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    return {
      storage: new PostgresFileStorage(store.db),
      close: async () => {
        await store.close();
        await database.drop();
      },
    };
  },
  Boolean(process.env.DATABASE_URL),
);

contract("S3 (s3rver)", async () => {
  const s3 = await startS3Server();
  const config = loadConfig({ ...s3.env, PARLEY_DATA_DIR: os.tmpdir() });
  if (config.storage.kind !== "s3") throw new Error("S3 variables were not taken");
  const storage = new S3FileStorage(config.storage.s3);
  return {
    storage,
    close: async () => {
      await storage.close();
      await s3.close();
    },
  };
});
