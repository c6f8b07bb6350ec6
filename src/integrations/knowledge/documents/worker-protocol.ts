import type { DocumentFormat, DocumentLimits, ParsedDocument } from "./types.js";

export type ParseRequest = { id: number; format: DocumentFormat; bytes: Uint8Array; limits: DocumentLimits };
export type FromDocumentWorker = { type: "ready" } | { type: "parsed"; id: number; result: ParsedDocument };
