import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import {
  assertFolder,
  assertKey,
  type FileBody,
  type FileStorage,
  type StoredFile,
  StoredFileExists,
} from "./file-storage.js";

const PARTIAL_PREFIX = ".partial-";

/**
 * Files under one folder of this server's disk (`<PARLEY_DATA_DIR>/uploads`), a key's segments as
 * sub-folders: the layout Parley always used, so files stored before the port keep being found.
 * A file is written under a hidden partial name and linked to its key when complete: a reader never
 * sees half a file, and a key already taken fails the link instead of being overwritten.
 */
export class LocalFolderStorage implements FileStorage {
  readonly kind = "local";

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...assertKey(key));
  }

  async put(key: string, body: FileBody): Promise<{ size: number }> {
    const file = this.pathOf(key);
    const dir = path.dirname(file);
    await fs.promises.mkdir(dir, { recursive: true });
    const partial = path.join(dir, `${PARTIAL_PREFIX}${randomBytes(6).toString("hex")}`);
    const out = fs.createWriteStream(partial, { flags: "wx" });
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (!out.write(chunk)) await once(out, "drain");
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      try {
        await fs.promises.link(partial, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StoredFileExists(key);
        throw error;
      }
      await fs.promises.rm(partial, { force: true });
      return { size };
    } catch (error) {
      // A write still under way when the body failed ends in ERR_STREAM_DESTROYED once the stream is
      // destroyed: that is the abandoned file, not the failure to report (the body's own error is).
      out.on("error", () => undefined);
      if (!out.closed) {
        const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
        out.destroy();
        await closed;
      }
      await fs.promises.rm(partial, { force: true });
      if (!(error instanceof StoredFileExists)) await this.removeEmptyFolders(dir);
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(file);
      return stat.isFile() ? { size: stat.size, stream: () => fs.createReadStream(file) } : undefined;
    } catch {
      return undefined;
    }
  }

  async list(folder: string): Promise<string[]> {
    assertFolder(folder);
    try {
      const entries = await fs.promises.readdir(this.pathOf(folder.slice(0, -1)), { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith(PARTIAL_PREFIX))
        .map((entry) => folder + entry.name);
    } catch {
      return [];
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      const file = this.pathOf(key);
      await fs.promises.rm(file, { force: true });
      folders.add(path.dirname(file));
    }
    for (const folder of folders) await this.removeEmptyFolders(folder);
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {}

  /** An upload's folder goes with its last file (the folder of a record list too), up to the root. */
  private async removeEmptyFolders(from: string): Promise<void> {
    let dir = from;
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }
}
