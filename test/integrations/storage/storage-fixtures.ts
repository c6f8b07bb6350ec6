import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A local S3-compatible server (s3rver) on a random port, its data in a temporary folder. */
export async function startS3Server(bucket = "parley-files") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
      S3_REGION: "us-east-1",
    },
    close: async () => {
      if (!fs.existsSync(directory)) return;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** `total` bytes of a repeatable pattern, in pieces of `piece` bytes, made as they are read. */
export async function* patternBytes(total: number, piece = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < total; offset += piece) {
    const length = Math.min(piece, total - offset);
    const chunk = Buffer.alloc(length);
    for (let i = 0; i < length; i++) chunk[i] = (offset + i) % 251;
    yield chunk;
  }
}

export async function sha256Of(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest("hex");
}

export async function textOf(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
