import type { Readable } from "node:stream";

/**
 * Where uploads and generated files live (README "File storage"): a folder on this server's disk, the
 * PostgreSQL database, or an S3-compatible bucket. Keys are paths of `/`-separated segments
 * (`<folder>/<name>`, `.sessions/<id>/<folder>`); each adapter keeps that layout as it can.
 */
export interface FileStorage {
  /** Which adapter answers: named by the readiness check's logs and the start-up line. */
  readonly kind: "local" | "database" | "s3";
  /**
   * Stores the body under `key` as it arrives, never whole in memory. Size limits are the caller's:
   * an error thrown by the body stops the write, and nothing is left behind. A key already taken
   * rejects with StoredFileExists.
   */
  put(key: string, body: FileBody, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The file, streamed back, or undefined when no complete file has this key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** The keys directly inside `folder` (a key prefix ending in `/`), without deeper ones. */
  list(folder: string): Promise<string[]>;
  /** Deletes these keys; a key that does not exist is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Rejects when the storage cannot be reached or written (the readiness check). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** A file's bytes as they arrive (a request body) or already at hand. */
export type FileBody = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export type StoredFile = { size: number; contentType?: string; stream(): Readable };

export class StoredFileExists extends Error {
  constructor(key: string) {
    super(`A file is already stored as ${key}`);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte in a key is exactly what this refuses.
const SEGMENT = /^[^/\\\u0000]+$/;

/** Keys come from validated names only; this is the last guard against a path that climbs out. */
export function assertKey(key: string): string[] {
  const segments = key.split("/");
  if (segments.some((segment) => !SEGMENT.test(segment) || segment === "." || segment === ".."))
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return segments;
}

export function assertFolder(folder: string): void {
  if (!folder.endsWith("/")) throw new Error(`A storage folder ends with "/": ${JSON.stringify(folder)}`);
  assertKey(folder.slice(0, -1));
}

/**
 * Regroups a stream's chunks into pieces of exactly `size` bytes (the last one shorter), copying
 * only what spans two pieces: what the database rows and S3 parts are cut into.
 */
export async function* inPiecesOf(size: number, body: FileBody): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of body) {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      yield Buffer.concat(held, size);
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.length > 0) {
      // A copy: the body may reuse its buffer for the next chunk.
      held.push(Buffer.from(rest));
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}
