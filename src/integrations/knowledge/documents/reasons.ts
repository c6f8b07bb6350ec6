/**
 * The sentences a knowledge base's owner reads when a document fails. Thrown inside a parse as
 * `DocumentRejected`; any other error becomes "could not be read" with the library's own words.
 */
export class DocumentRejected extends Error {}

/** "10 MB", "1.5 MB", "800 KB": limits as an owner would write them. */
export function formatBytes(bytes: number): string {
  const units = [
    [1024 * 1024, "MB"],
    [1024, "KB"],
  ] as const;
  for (const [size, unit] of units)
    if (bytes >= size) return `${Number((bytes / size).toFixed(1)).toLocaleString("en")} ${unit}`;
  return `${bytes} bytes`;
}

const count = (value: number) => value.toLocaleString("en");

export const reasons = {
  empty: () => "The file is empty.",
  tooLarge: (maxBytes: number) => `The file is larger than ${formatBytes(maxBytes)} (the limit).`,
  tooManyPages: (maxPages: number) => `The PDF has more than ${count(maxPages)} pages (the limit).`,
  tooManyChars: (maxTextChars: number) =>
    `The document has more than ${count(maxTextChars)} characters of text (the limit).`,
  tooManyChunks: (maxChunks: number) =>
    `The document makes more than ${count(maxChunks)} chunks of text (the limit); split it into smaller documents.`,
  timeout: (timeoutMs: number) =>
    `Reading the document took longer than ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Number((timeoutMs / 1000).toFixed(1))} s`} (the limit).`,
  outOfMemory: () => "Reading the document needed more memory than allowed.",
  noText: () => "No text was found in the document (a scanned PDF would need OCR, which is not done).",
  notText: () => "The file is not text: it contains binary data.",
  unreadable: (format: string, detail: string) => `The file is not a readable ${format} (${detail}).`,
  zipBomb: (maxUnpacked: number) =>
    `The DOCX unpacks to more than ${formatBytes(maxUnpacked)} (the limit); it may be a zip bomb.`,
  passwordProtected: () => "The PDF is protected by a password.",
  closed: () => "The document reader is closed.",
  workerFailed: (detail: string) => `The document reader stopped unexpectedly (${detail}).`,
};
