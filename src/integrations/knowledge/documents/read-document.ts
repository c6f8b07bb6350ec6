import { chunkParagraphs } from "./chunking.js";
import { readDocx } from "./docx.js";
import type { ExtractedText } from "./extracted.js";
import { readHtml } from "./html.js";
import type { DocumentFormat, DocumentLimits, ParsedDocument } from "./types.js";
import { readPdf } from "./pdf.js";
import { DocumentRejected, reasons } from "./reasons.js";
import { readMarkdown, readPlainText } from "./text-formats.js";

/** Every format's reader: a new format fails to compile until it has one. */
const READERS: {
  [format in DocumentFormat]: (bytes: Uint8Array, limits: DocumentLimits) => ExtractedText | Promise<ExtractedText>;
} = {
  pdf: readPdf,
  docx: readDocx,
  html: readHtml,
  markdown: readMarkdown,
  text: readPlainText,
};
const FORMAT_NAMES: { [format in DocumentFormat]: string } = {
  pdf: "PDF",
  docx: "DOCX",
  html: "HTML page",
  markdown: "Markdown file",
  text: "text file",
};

/**
 * A document's bytes → its chunks, on the calling thread: the worker runs this (see document-worker.ts).
 * Time and memory are bounded by the worker around it; bytes, pages, characters and chunks here.
 */
export async function readDocument(
  format: DocumentFormat,
  bytes: Uint8Array,
  limits: DocumentLimits,
): Promise<ParsedDocument> {
  try {
    if (bytes.length === 0) return { ok: false, reason: reasons.empty() };
    if (bytes.length > limits.maxBytes) return { ok: false, reason: reasons.tooLarge(limits.maxBytes) };
    const extracted = await READERS[format](bytes, limits);
    const chunks = chunkParagraphs(extracted.paragraphs, limits.maxChunks);
    if (chunks.length === 0) return { ok: false, reason: reasons.noText() };
    return {
      ok: true,
      ...(extracted.title !== undefined ? { title: extracted.title } : {}),
      ...(extracted.pages !== undefined ? { pages: extracted.pages } : {}),
      chunks,
    };
  } catch (error) {
    if (error instanceof DocumentRejected) return { ok: false, reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: reasons.unreadable(FORMAT_NAMES[format], detail.slice(0, 200)) };
  }
}
