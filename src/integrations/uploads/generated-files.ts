import { randomBytes } from "node:crypto";
import type { FileStorage } from "../storage/index.js";

/**
 * Files this server makes for a bot (speech, QR codes) join the visitors' uploads in the file
 * storage (`<random folder>/<name>`), served by the same unguessable `/files/…` URL. Answers the URL.
 */
export function generatedFileStore(storage: FileStorage, config: { publicUrl: string }) {
  return async (bytes: Uint8Array, name: string): Promise<string> => {
    const folder = randomBytes(18).toString("base64url");
    await storage.put(`${folder}/${name}`, [bytes]);
    // Read at each call: with PORT=0 the server learns its public URL's port once it listens.
    return `${config.publicUrl}/files/${folder}/${name}`;
  };
}

export type GeneratedFileStore = ReturnType<typeof generatedFileStore>;
