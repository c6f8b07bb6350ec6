import { Readable } from "node:stream";
import { AppError } from "../errors.js";
import type { UploadedDocument } from "../services/knowledge/knowledge-documents.js";

/**
 * multipart/form-data read as it streams, for the two forms Parley takes: an upload's one `file` part
 * (streamed on to storage) and a knowledge base's documents (every file part, each held until the form
 * ends). One scanner finds the parts; each reader sets its own limits on what it keeps and what it drops.
 */

/** The boundary of a `multipart/form-data` Content-Type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const badForm = (message: string) => new AppError("BAD_REQUEST", message);

type FormEvent =
  /** A part begins: its header lines (`size` counts the blank line after them too). */
  | { kind: "headers"; headers: Buffer; size: number }
  /** Content of the current part, or of the preamble before the first part. */
  | { kind: "content"; bytes: Buffer }
  /** The current part ended; `closing` when the form ends with it. */
  | { kind: "end"; closing: boolean };

/**
 * The form's parts as they arrive. The body is never held whole: only a part's headers (at most
 * `maxHeaderBytes`) and a tail as long as the boundary. A body that stops before the closing boundary
 * simply ends the events; the reader says what was missing.
 */
async function* formEvents(body: AsyncIterable<Buffer>, boundary: string, maxHeaderBytes: number) {
  // The first boundary may open the body; a CRLF in front makes it look like every later one.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from("\r\n");
  let inHeaders = false;
  for await (const chunk of body) {
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (inHeaders) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buffer.length > maxHeaderBytes) throw badForm("A form part's headers are too long");
          break;
        }
        yield { kind: "headers", headers: buffer.subarray(0, end), size: end + 4 } satisfies FormEvent;
        buffer = buffer.subarray(end + 4);
        inHeaders = false;
        continue;
      }
      const at = buffer.indexOf(delimiter);
      // Whatever cannot be the start of a delimiter is content.
      const safe = at >= 0 ? at : Math.max(0, buffer.length - delimiter.length + 1);
      if (safe > 0) yield { kind: "content", bytes: buffer.subarray(0, safe) } satisfies FormEvent;
      if (at < 0) {
        buffer = buffer.subarray(safe);
        break;
      }
      const after = buffer.subarray(at + delimiter.length);
      if (after.length < 2) {
        buffer = buffer.subarray(at);
        break;
      }
      const closing = after[0] === 0x2d && after[1] === 0x2d;
      yield { kind: "end", closing } satisfies FormEvent;
      if (closing) return;
      buffer = after.subarray(2);
      inHeaders = true;
    }
  }
}

/**
 * A part's headers are a few lines; form fields before the file are a few short values. Everything
 * before the file (each part's headers, the fields' values) counts toward MAX_FIELD_BYTES, and the
 * parts before it are counted too: a form of endless empty parts is no cheaper to send than to read.
 */
const MAX_PART_HEADERS_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
export const MAX_PARTS_BEFORE_FILE = 50;
const FIELDS_TOO_LONG = "The form's fields before the file are too long (their headers count too)";

function partName(headers: string): string | undefined {
  const disposition = headers.split("\r\n").find((line) => /^content-disposition:/i.test(line));
  return disposition ? /\bname="([^"]*)"/i.exec(disposition)?.[1] : undefined;
}

/**
 * The bytes of the form's `file` part, streamed as they arrive. Other fields (an S3-style form's
 * keys) are read and dropped.
 */
export async function* multipartFileChunks(
  body: AsyncIterable<Buffer>,
  boundary: string,
  fieldName = "file",
  onFilePart?: (part: FilePartHeaders) => void,
): AsyncGenerator<Buffer> {
  let fieldBytes = 0;
  let parts = 0;
  let inFile = false;
  const countField = (bytes: number) => {
    fieldBytes += bytes;
    if (fieldBytes > MAX_FIELD_BYTES) throw badForm(FIELDS_TOO_LONG);
  };
  for await (const event of formEvents(body, boundary, MAX_PART_HEADERS_BYTES)) {
    if (event.kind === "headers") {
      countField(event.size);
      inFile = partName(event.headers.toString("latin1")) === fieldName;
      if (inFile) onFilePart?.(fileHeaders(event.headers.toString("utf8")));
      if (!inFile && ++parts > MAX_PARTS_BEFORE_FILE)
        throw badForm(`The form has more than ${MAX_PARTS_BEFORE_FILE} parts before the file`);
    } else if (event.kind === "content") {
      if (inFile) yield event.bytes;
      else countField(event.bytes.length);
    } else if (inFile) return;
  }
  throw badForm(inFile ? "The form ended in the middle of the file" : `The form has no "${fieldName}" part`);
}

/**
 * The form's `file` part once its headers have arrived: the name and type its sender gave, and its
 * bytes still streaming. A form that is malformed before the file's first bytes fails here (400),
 * before anything is stored.
 */
export async function multipartFile(
  body: AsyncIterable<Buffer>,
  boundary: string,
): Promise<FilePartHeaders & { content: Readable }> {
  let part: FilePartHeaders = {};
  const chunks = multipartFileChunks(body, boundary, "file", (found) => {
    part = found;
  });
  const first = await chunks.next();
  async function* whole() {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return { ...part, content: Readable.from(whole(), { objectMode: false }) };
}

/** Part headers and non-file fields together: a few lines each. */
const MAX_OVERHEAD_BYTES = 64 * 1024;

type FilePartHeaders = { fileName?: string; contentType?: string };

function fileHeaders(text: string): FilePartHeaders {
  const lines = text.split("\r\n");
  const disposition = lines.find((line) => /^content-disposition:/i.test(line)) ?? "";
  const encoded = /\bfilename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  let fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      fileName = decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name: the plain one, if any, stands.
    }
  }
  const contentType = lines
    .find((line) => /^content-type:/i.test(line))
    ?.replace(/^content-type:\s*/i, "")
    .trim();
  return {
    ...(fileName ? { fileName: fileName.replace(/^.*[\\/]/, "") } : {}),
    ...(contentType ? { contentType } : {}),
  };
}

/**
 * Every file part of the form (parts without a file name are read and dropped): a file is refused
 * (413) as soon as it passes `maxFileBytes`, before the rest of it arrives, and a form with more than
 * `maxFiles` files is refused too. Files are held in memory until the form ends, so one request holds
 * at most maxFiles × maxFileBytes.
 */
export async function readMultipartFiles(
  body: AsyncIterable<Buffer>,
  boundary: string,
  limits: { maxFileBytes: number; maxFiles: number },
): Promise<UploadedDocument[]> {
  const files: UploadedDocument[] = [];
  let current: { fileName: string; contentType?: string; pieces: Buffer[]; size: number } | undefined;
  let overhead = 0;
  const countOverhead = (bytes: number) => {
    overhead += bytes;
    if (overhead > MAX_OVERHEAD_BYTES) throw badForm("The form's fields and part headers are too long");
  };
  for await (const event of formEvents(body, boundary, MAX_OVERHEAD_BYTES)) {
    if (event.kind === "headers") {
      countOverhead(event.size);
      const { fileName, contentType } = fileHeaders(event.headers.toString("utf8"));
      if (!fileName) continue;
      if (files.length >= limits.maxFiles)
        throw new AppError("PAYLOAD_TOO_LARGE", `Send at most ${limits.maxFiles} files at a time`);
      current = { fileName, ...(contentType ? { contentType } : {}), pieces: [], size: 0 };
    } else if (event.kind === "content") {
      if (!current) {
        countOverhead(event.bytes.length);
        continue;
      }
      current.size += event.bytes.length;
      if (current.size > limits.maxFileBytes)
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `${current.fileName} is larger than ${limits.maxFileBytes} bytes (the limit for a document)`,
        );
      // A copy: the piece must not keep the whole received chunk alive.
      current.pieces.push(Buffer.from(event.bytes));
    } else {
      if (current) {
        const { fileName, contentType, pieces } = current;
        files.push({ fileName, ...(contentType ? { contentType } : {}), bytes: Buffer.concat(pieces) });
        current = undefined;
      }
      if (event.closing) return files;
    }
  }
  throw badForm("The form ended before its closing boundary");
}
