import { randomBytes } from "node:crypto";

export type MimeAttachment = { filename: string; contentType: string; bytes: Uint8Array };

/**
 * An RFC 5322 message as Gmail's `raw` field takes it: UTF-8 text in base64, attachments as a
 * multipart/mixed. Header values lose their line breaks (no header injection from bot variables).
 */
export function buildMimeMessage(message: {
  to: string[];
  from?: string;
  replyTo?: string;
  subject?: string;
  body?: string;
  attachments: MimeAttachment[];
}): string {
  const headers = [`To: ${oneLine(message.to.join(", "))}`, "MIME-Version: 1.0"];
  if (message.from) headers.push(`From: ${oneLine(message.from)}`);
  if (message.replyTo) headers.push(`Reply-To: ${oneLine(message.replyTo)}`);
  if (message.subject) headers.push(`Subject: ${encodedWord(oneLine(message.subject))}`);
  const text = [
    'Content-Type: text/plain; charset="UTF-8"',
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(Buffer.from(message.body ?? "", "utf8")),
  ];
  if (message.attachments.length === 0) return [...headers, ...text].join("\r\n");
  const boundary = `parley-${randomBytes(12).toString("hex")}`;
  const parts = [
    text.join("\r\n"),
    ...message.attachments.map((attachment) =>
      [
        `Content-Type: ${oneLine(attachment.contentType)}; name="${quoted(attachment.filename)}"`,
        `Content-Disposition: attachment; filename="${quoted(attachment.filename)}"`,
        "Content-Transfer-Encoding: base64",
        "",
        base64Lines(Buffer.from(attachment.bytes)),
      ].join("\r\n"),
    ),
  ];
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    ...parts.map((part) => `--${boundary}\r\n${part}`),
    `--${boundary}--`,
  ].join("\r\n");
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");
const quoted = (value: string) => oneLine(value).replace(/["\\]/g, "_");

/** RFC 2047: a header with non-ASCII characters travels as base64 UTF-8. */
const encodedWord = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;

/** Base64 in lines of 76 characters, as MIME asks. */
const base64Lines = (bytes: Buffer) => bytes.toString("base64").replace(/.{76}/g, "$&\r\n").replace(/\r\n$/, "");
