import type { FileStorage } from "../storage/index.js";
import { generatedFileStore } from "../uploads/generated-files.js";

/** Generated audio joins the visitors' uploads, so an audio bubble can play it. */
export function audioStore(storage: FileStorage, config: { publicUrl: string }) {
  const store = generatedFileStore(storage, config);
  return (bytes: Uint8Array, extension: string): Promise<string> => store(bytes, `speech.${extension}`);
}
