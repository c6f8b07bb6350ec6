import { AppError } from "../errors.js";
import type { UploadedDocument } from "../services/knowledge/knowledge-documents.js";

/** Part headers and non-file fields together: a few lines each. */
const MAX_OVERHEAD_BYTES = 64 * 1024;

const badForm = (message: string) => new AppError("BAD_REQUEST", message);

function partHeaders(text: string): { fileName?: string; contentType?: string } {
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
 * Every file part of a multipart/form-data body (parts without a file name are read and dropped),
 * as it streams in: a file is refused (413) as soon as it passes `maxFileBytes`, before the rest of
 * it arrives, and a form with more than `maxFiles` files is refused too. Files are held in memory
 * until the upload ends, so one request holds at most maxFiles × maxFileBytes.
 */
export async function readMultipartFiles(
  body: AsyncIterable<Buffer>,
  boundary: string,
  limits: { maxFileBytes: number; maxFiles: number },
): Promise<UploadedDocument[]> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const files: UploadedDocument[] = [];
  let buffer: Buffer = Buffer.from("\r\n");
  let phase: "preamble" | "headers" | "field" | "file" = "preamble";
  let current: { fileName: string; contentType?: string; pieces: Buffer[]; size: number } | undefined;
  let overhead = 0;
  const count = (bytes: number) => {
    overhead += bytes;
    if (overhead > MAX_OVERHEAD_BYTES) throw badForm("The form's fields and part headers are too long");
  };
  for await (const chunk of body) {
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (phase === "headers") {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          count(0);
          if (buffer.length > MAX_OVERHEAD_BYTES) throw badForm("A form part's headers are too long");
          break;
        }
        count(end + 4);
        const headers = partHeaders(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + 4);
        if (headers.fileName) {
          if (files.length >= limits.maxFiles)
            throw new AppError("PAYLOAD_TOO_LARGE", `Send at most ${limits.maxFiles} files at a time`);
          current = { fileName: headers.fileName, contentType: headers.contentType, pieces: [], size: 0 };
          phase = "file";
        } else phase = "field";
        continue;
      }
      const at = buffer.indexOf(delimiter);
      // Whatever cannot be the start of a delimiter is content.
      const safe = at >= 0 ? at : Math.max(0, buffer.length - delimiter.length + 1);
      if (phase === "file" && current && safe > 0) {
        current.size += safe;
        if (current.size > limits.maxFileBytes)
          throw new AppError(
            "PAYLOAD_TOO_LARGE",
            `${current.fileName} is larger than ${limits.maxFileBytes} bytes (the limit for a document)`,
          );
        current.pieces.push(Buffer.from(buffer.subarray(0, safe)));
      } else if (phase === "field") count(safe);
      if (at < 0) {
        buffer = buffer.subarray(safe);
        break;
      }
      const after = buffer.subarray(at + delimiter.length);
      if (after.length < 2) {
        buffer = buffer.subarray(at);
        break;
      }
      if (phase === "file" && current) {
        files.push({
          fileName: current.fileName,
          ...(current.contentType ? { contentType: current.contentType } : {}),
          bytes: Buffer.concat(current.pieces),
        });
        current = undefined;
      }
      if (after[0] === 0x2d && after[1] === 0x2d) return files;
      buffer = after.subarray(2);
      phase = "headers";
    }
  }
  throw badForm("The form ended before its closing boundary");
}
