import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { PassThrough, type Readable } from "node:stream";
import type { S3Config } from "../../config.js";
import {
  assertFolder,
  assertKey,
  type FileBody,
  type FileStorage,
  inPiecesOf,
  type StoredFile,
  StoredFileExists,
} from "./file-storage.js";

/** S3's smallest part of a multipart upload: a file is held in memory at most this much at a time. */
export const PART_BYTES = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION),
 * through AWS's own SDK. A file that fits one part is one PutObject; a larger one a multipart upload
 * of 5 MiB parts, sent as they fill, aborted if the body fails.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly endpoint: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
      // Buckets as a path (`endpoint/bucket/key`): what MinIO, Garage, s3rver… expect; AWS accepts it too.
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many compatible servers refuse the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: FileBody, options: { contentType?: string } = {}): Promise<{ size: number }> {
    assertKey(key);
    if (await this.exists(key)) throw new StoredFileExists(key);
    const target = { Bucket: this.bucket, Key: key, ContentType: options.contentType };
    const pieces = inPiecesOf(PART_BYTES, body)[Symbol.asyncIterator]();
    const first = await pieces.next();
    const firstPiece = first.done ? Buffer.alloc(0) : first.value;
    if (firstPiece.length < PART_BYTES) {
      // A short piece is the last: the whole file fits one request.
      await this.client.send(new PutObjectCommand({ ...target, Body: firstPiece }));
      return { size: firstPiece.length };
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(target));
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      for (let piece: IteratorResult<Buffer> = first; !piece.done; piece = await pieces.next()) {
        const PartNumber = parts.length + 1;
        const sent = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: piece.value }),
        );
        parts.push({ ETag: sent.ETag, PartNumber });
        size += piece.value.length;
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { size };
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    assertKey(key);
    const head = await this.head(key);
    if (!head) return undefined;
    const client = this.client;
    const bucket = this.bucket;
    // The object is fetched when the stream is asked for.
    return {
      size: head.size,
      ...(head.contentType ? { contentType: head.contentType } : {}),
      stream: () => {
        const out = new PassThrough();
        client
          .send(new GetObjectCommand({ Bucket: bucket, Key: key }))
          .then((answer) => {
            const body = answer.Body as Readable;
            body.on("error", (error) => out.destroy(error));
            body.pipe(out);
          })
          .catch((error: Error) => out.destroy(error));
        return out;
      },
    };
  }

  async list(folder: string): Promise<string[]> {
    assertFolder(folder);
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, Delimiter: "/", ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  async delete(keys: readonly string[]): Promise<void> {
    // One request per key: DeleteObjects needs a Content-MD5 that not every compatible server checks alike.
    for (const key of keys) {
      assertKey(key);
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }

  /** Rejects naming the setting to look at: the endpoint, the bucket or the keys. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) throw new Error(`S3_BUCKET "${this.bucket}" does not exist at S3_ENDPOINT ${this.endpoint}`);
      if (status === 401 || status === 403)
        throw new Error(`S3_ACCESS_KEY / S3_SECRET_KEY were refused for the bucket "${this.bucket}" (HTTP ${status})`);
      if (status)
        throw new Error(`S3_ENDPOINT ${this.endpoint} answered HTTP ${status} for the bucket "${this.bucket}"`);
      throw new Error(`S3_ENDPOINT ${this.endpoint} cannot be reached: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  private async head(key: string): Promise<{ size: number; contentType?: string } | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return undefined;
      throw error;
    }
  }
}
