import type { IncomingMessage } from "node:http";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";

/** Bots read JSON answers, not downloads: a bigger response is an error rather than memory spent. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** The response body, decompressed when the server compressed it, as text. */
export async function readBody(response: IncomingMessage, limit = MAX_RESPONSE_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded(response)) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.destroy();
      throw new Error(`The response is larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(createGunzip());
  if (encoding === "deflate") return response.pipe(createInflate());
  if (encoding === "br") return response.pipe(createBrotliDecompress());
  return response;
}
