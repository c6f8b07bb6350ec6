import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Generated audio joins the visitors' uploads (`<dataDir>/uploads/<random>/<name>`), served by the
 * same unguessable `/files/…` URL, so an audio bubble can play it.
 */
export function audioStore(dataDir: string, publicUrl: string) {
  return async (bytes: Uint8Array, extension: string): Promise<string> => {
    const folder = randomBytes(18).toString("base64url");
    const name = `speech.${extension}`;
    const dir = path.join(dataDir, "uploads", folder);
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, name), bytes);
    return `${publicUrl}/files/${folder}/${name}`;
  };
}
