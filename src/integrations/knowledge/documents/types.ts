/** The parser's interface (see index.ts), apart so that the modules behind it can name its types. */
export type DocumentFormat = "pdf" | "docx" | "html" | "markdown" | "text";

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
