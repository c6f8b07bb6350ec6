import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Files this server makes for a bot (speech, QR codes) join the visitors' uploads
 * (`<dataDir>/uploads/<random>/<name>`), served by the same unguessable `/files/…` URL. Answers the URL.
 */
export function generatedFileStore(dataDir: string, publicUrl: string) {
  return async (bytes: Uint8Array, name: string): Promise<string> => {
    const folder = randomBytes(18).toString("base64url");
    const dir = path.join(dataDir, "uploads", folder);
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), bytes);
    return `${publicUrl}/files/${folder}/${name}`;
  };
}

export type GeneratedFileStore = ReturnType<typeof generatedFileStore>;
