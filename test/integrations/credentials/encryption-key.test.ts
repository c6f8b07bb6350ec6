import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEncryptionKey } from "../../../src/integrations/credentials/encryption-key.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-key-"));
  dirs.push(dir);
  return dir;
};
afterEach(() =>
  dirs.splice(0).forEach((dir) => {
    fs.rmSync(dir, { recursive: true, force: true });
  }),
);

describe("loadEncryptionKey", () => {
  it("creates encryption.key, readable by the owner only, on first use and reads it back afterwards", () => {
    const dataDir = path.join(tempDir(), "nested");
    const first = loadEncryptionKey({ secret: undefined, dataDir });
    const file = path.join(dataDir, "encryption.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(first).toHaveLength(32);
    expect(loadEncryptionKey({ secret: undefined, dataDir })).toEqual(first);
  });

  it("derives the key from PARLEY_ENCRYPTION_SECRET and then writes no file", () => {
    const dataDir = tempDir();
    const key = loadEncryptionKey({ secret: "shared secret", dataDir });
    expect(key).toEqual(loadEncryptionKey({ secret: "shared secret", dataDir: tempDir() }));
    expect(key).not.toEqual(loadEncryptionKey({ secret: "another secret", dataDir }));
    expect(fs.existsSync(path.join(dataDir, "encryption.key"))).toBe(false);
  });

  it("refuses an empty key file rather than silently changing the key", () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "encryption.key"), "\n");
    expect(() => loadEncryptionKey({ secret: undefined, dataDir })).toThrow(/is empty/);
  });
});
