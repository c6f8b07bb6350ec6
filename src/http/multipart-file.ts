import { AppError } from "../errors.js";

/**
 * A part's headers are a few lines; form fields before the file are a few short values. Everything
 * before the file (each part's headers, the fields' values) counts toward MAX_FIELD_BYTES, and the
 * parts before it are counted too: a form of endless empty parts is no cheaper to send than to read.
 */
const MAX_PART_HEADERS_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
export const MAX_PARTS_BEFORE_FILE = 50;

/** The boundary of a `multipart/form-data` Content-Type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const badForm = (message: string) => new AppError("BAD_REQUEST", message);
const FIELDS_TOO_LONG = "The form's fields before the file are too long (their headers count too)";

function partName(headers: string): string | undefined {
  const disposition = headers.split("\r\n").find((line) => /^content-disposition:/i.test(line));
  return disposition ? /\bname="([^"]*)"/i.exec(disposition)?.[1] : undefined;
}

/**
 * The bytes of the form's `file` part, streamed as they arrive: the body is never held whole, only
 * a tail as long as the boundary. Other fields (an S3-style form's keys) are read and dropped.
 */
export async function* multipartFileChunks(
  body: AsyncIterable<Buffer>,
  boundary: string,
  fieldName = "file",
): AsyncGenerator<Buffer> {
  // The first boundary may open the body; a CRLF in front makes it look like every later one.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from("\r\n");
  let phase: "preamble" | "headers" | "field" | "file" = "preamble";
  let fieldBytes = 0;
  let parts = 0;
  for await (const chunk of body) {
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (phase === "headers") {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buffer.length > MAX_PART_HEADERS_BYTES) throw badForm("A form part's headers are too long");
          if (fieldBytes + buffer.length > MAX_FIELD_BYTES) throw badForm(FIELDS_TOO_LONG);
          break;
        }
        fieldBytes += end + 4;
        if (fieldBytes > MAX_FIELD_BYTES) throw badForm(FIELDS_TOO_LONG);
        const name = partName(buffer.subarray(0, end).toString("latin1"));
        buffer = buffer.subarray(end + 4);
        phase = name === fieldName ? "file" : "field";
        if (phase === "field" && ++parts > MAX_PARTS_BEFORE_FILE)
          throw badForm(`The form has more than ${MAX_PARTS_BEFORE_FILE} parts before the file`);
        continue;
      }
      const at = buffer.indexOf(delimiter);
      // Whatever cannot be the start of a delimiter is content.
      const safe = at >= 0 ? at : Math.max(0, buffer.length - delimiter.length + 1);
      if (phase === "file" && safe > 0) yield buffer.subarray(0, safe);
      if (phase === "field" || phase === "preamble") {
        fieldBytes += safe;
        if (fieldBytes > MAX_FIELD_BYTES) throw badForm(FIELDS_TOO_LONG);
      }
      if (at < 0) {
        buffer = buffer.subarray(safe);
        break;
      }
      if (phase === "file") return;
      const after = buffer.subarray(at + delimiter.length);
      if (after.length < 2) {
        buffer = buffer.subarray(at);
        break;
      }
      if (after[0] === 0x2d && after[1] === 0x2d) throw badForm(`The form has no "${fieldName}" part`);
      buffer = after.subarray(2);
      phase = "headers";
    }
  }
  if (phase === "file") throw badForm("The form ended in the middle of the file");
  throw badForm(`The form has no "${fieldName}" part`);
}
