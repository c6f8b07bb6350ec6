import { DocumentParserPool } from "./parser-pool.js";
import type { DocumentFormat, DocumentParser } from "./types.js";

/**
 * Reading a knowledge base's documents: a file's bytes → its title, page count and chunks of text, each
 * with the headings above it (and its page, for PDFs), so that a source can be cited as
 * "Pricing › Refunds, p. 4". Documents are untrusted: they are read in worker threads, each read bounded
 * in bytes (checked by the pool, before a worker sees them), time (the worker is terminated), memory (the
 * worker's heap limit), pages, extracted characters and chunks; a document over a limit fails alone,
 * with a sentence for the knowledge base's owner.
 */
export type { DocumentChunk, DocumentFormat, DocumentLimits, DocumentParser, ParsedDocument } from "./types.js";

const FORMAT_BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: "pdf",
  docx: "docx",
  html: "html",
  htm: "html",
  xhtml: "html",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
};
const FORMAT_BY_CONTENT_TYPE: Record<string, DocumentFormat> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/plain": "text",
};

/** By file extension first, then the content type; undefined = not a format we read (the API answers 415). */
export function documentFormatOf(fileName: string, contentType?: string): DocumentFormat | undefined {
  const dot = fileName.lastIndexOf(".");
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  if (Object.hasOwn(FORMAT_BY_EXTENSION, extension)) return FORMAT_BY_EXTENSION[extension];
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return Object.hasOwn(FORMAT_BY_CONTENT_TYPE, mediaType) ? FORMAT_BY_CONTENT_TYPE[mediaType] : undefined;
}

/**
 * A pool of worker threads; a parse that exceeds timeoutMs terminates its worker (a fresh one replaces it).
 * `heapMb`: each worker's heap limit (a document needing more fails alone); 256 MB unless told. V8
 * enforces it between allocations: one allocation larger than the whole heap aborts the process, so
 * keep it above ~10× `maxBytes` (a file is decoded whole: UTF-16 text, then its pieces).
 */
export function createDocumentParser(options: { workers: number; heapMb?: number }): DocumentParser {
  return new DocumentParserPool(options);
}
