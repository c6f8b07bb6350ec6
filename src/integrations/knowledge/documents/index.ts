/**
 * Reading documents into passages, off the main thread. A minimal version (text, Markdown, HTML)
 * that kb-parse's full one (PDF, DOCX, a worker pool) replaces at the merge: the interface is theirs.
 */
import { Worker } from "node:worker_threads";
import { bundledScript } from "../../../lib/bundled-script.js";

export type DocumentFormat = "pdf" | "docx" | "html" | "markdown" | "text";

const BY_EXTENSION: Record<string, DocumentFormat> = {
  txt: "text",
  text: "text",
  md: "markdown",
  markdown: "markdown",
  html: "html",
  htm: "html",
};
const BY_CONTENT_TYPE: Record<string, DocumentFormat> = {
  "text/plain": "text",
  "text/markdown": "markdown",
  "text/html": "html",
};

/** By file extension first, then the content type; undefined = not a format we read (the API answers 415). */
export function documentFormatOf(fileName: string, contentType?: string): DocumentFormat | undefined {
  const extension = /\.([^./]+)$/.exec(fileName.toLowerCase())?.[1];
  if (extension && BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? BY_CONTENT_TYPE[type] : undefined;
}

export type DocumentLimits = {
  maxBytes: number;
  maxPages: number;
  maxChunks: number;
  maxTextChars: number;
  timeoutMs: number;
};
export type DocumentChunk = { ordinal: number; headingPath: string[]; page?: number; text: string };
export type ParsedDocument =
  | { ok: true; title?: string; pages?: number; chunks: DocumentChunk[] }
  | { ok: false; reason: string };
export type DocumentParser = {
  parse(
    input: { format: DocumentFormat; fileName: string; bytes: Uint8Array },
    limits: DocumentLimits,
  ): Promise<ParsedDocument>;
  close(): Promise<void>;
};

/** Runs each parse on a worker thread of its own (at most `workers` at once); one past its time is terminated. */
export function createDocumentParser(options: { workers: number }): DocumentParser {
  const script = bundledScript("knowledge-document-worker", import.meta.url);
  let running = 0;
  const waiting: (() => void)[] = [];
  const live = new Set<Worker>();
  const slot = async () => {
    if (running >= options.workers) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const runOnWorker = (input: Parameters<DocumentParser["parse"]>[0], limits: DocumentLimits) =>
    new Promise<ParsedDocument>((resolve) => {
      const worker = new Worker(script, {
        workerData: { input, limits },
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      live.add(worker);
      const done = (result: ParsedDocument) => {
        clearTimeout(timer);
        live.delete(worker);
        void worker.terminate();
        resolve(result);
      };
      const timer = setTimeout(
        () =>
          done({
            ok: false,
            reason: `Reading the document took longer than ${limits.timeoutMs / 1000} seconds (the limit).`,
          }),
        limits.timeoutMs,
      );
      worker.once("message", (message: ParsedDocument) => done(message));
      worker.once("error", (error) => done({ ok: false, reason: `The document could not be read: ${error.message}` }));
      worker.once("exit", () => done({ ok: false, reason: "The document could not be read (its reader stopped)." }));
    });
  return {
    async parse(input, limits) {
      if (input.bytes.byteLength > limits.maxBytes)
        return { ok: false, reason: `The document is larger than ${limits.maxBytes} bytes (the limit).` };
      await slot();
      try {
        return await runOnWorker(input, limits);
      } finally {
        release();
      }
    },
    async close() {
      await Promise.all([...live].map((worker) => worker.terminate()));
    },
  };
}
