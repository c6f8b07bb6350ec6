import { ConfigError, parsePositive } from "./config-values.js";

/** Knowledge bases (issue 33; docs/knowledge-bases.md): limits on documents and on their indexing. */
export type KnowledgeConfig = {
  /** PARLEY_KNOWLEDGE_MAX_DOCUMENT_MB: the largest document accepted (an upload or a fetched URL); larger → 413. */
  maxDocumentBytes: number;
  /** PARLEY_KNOWLEDGE_MAX_PAGES: a PDF with more pages fails. */
  maxPages: number;
  /** PARLEY_KNOWLEDGE_MAX_CHUNKS: a document cut into more passages fails. */
  maxChunks: number;
  /** PARLEY_KNOWLEDGE_MAX_TEXT_CHARS: a document whose text is longer fails (a decompression bomb stops here). */
  maxTextChars: number;
  /** PARLEY_KNOWLEDGE_PARSE_TIMEOUT_MS: a parse taking longer is stopped (its worker terminated) and fails. */
  parseTimeoutMs: number;
  /** PARLEY_KNOWLEDGE_WORKERS: documents parsed at once per instance, each on a worker thread. */
  workers: number;
  /** PARLEY_KNOWLEDGE_MAX_DOCUMENTS: documents per knowledge base. */
  maxDocumentsPerBase: number;
  /** PARLEY_KNOWLEDGE_FETCH_TIMEOUT_MS: fetching a URL document. */
  fetchTimeoutMs: number;
  /** PARLEY_KNOWLEDGE_POLL_MS: how often an instance looks for queued documents (writers on it wake it at once). */
  pollMs: number;
  /** PARLEY_KNOWLEDGE_INDEXER=off: this instance indexes nothing (another one does). */
  indexer: boolean;
  /** PARLEY_KNOWLEDGE_EMBEDDINGS_TIMEOUT_MS: one request to an embeddings API (a batch while indexing, a question). */
  embeddingsTimeoutMs: number;
  /** PARLEY_KNOWLEDGE_EMBEDDINGS_BATCH: passages per request to an embeddings API. */
  embeddingsBatchSize: number;
};

const count = (value: string | undefined, name: string, fallback: number) => {
  const parsed = parsePositive(value, name, fallback);
  if (!Number.isInteger(parsed)) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  return parsed;
};

export function loadKnowledgeConfig(env: NodeJS.ProcessEnv): KnowledgeConfig {
  const indexer = env.PARLEY_KNOWLEDGE_INDEXER;
  if (indexer && !/^(on|off)$/i.test(indexer))
    throw new ConfigError(`PARLEY_KNOWLEDGE_INDEXER must be "on" or "off", got "${indexer}"`);
  return {
    maxDocumentBytes: Math.round(
      parsePositive(env.PARLEY_KNOWLEDGE_MAX_DOCUMENT_MB, "PARLEY_KNOWLEDGE_MAX_DOCUMENT_MB", 20) * 1024 * 1024,
    ),
    maxPages: count(env.PARLEY_KNOWLEDGE_MAX_PAGES, "PARLEY_KNOWLEDGE_MAX_PAGES", 500),
    maxChunks: count(env.PARLEY_KNOWLEDGE_MAX_CHUNKS, "PARLEY_KNOWLEDGE_MAX_CHUNKS", 5000),
    maxTextChars: count(env.PARLEY_KNOWLEDGE_MAX_TEXT_CHARS, "PARLEY_KNOWLEDGE_MAX_TEXT_CHARS", 5_000_000),
    parseTimeoutMs: count(env.PARLEY_KNOWLEDGE_PARSE_TIMEOUT_MS, "PARLEY_KNOWLEDGE_PARSE_TIMEOUT_MS", 30_000),
    workers: count(env.PARLEY_KNOWLEDGE_WORKERS, "PARLEY_KNOWLEDGE_WORKERS", 1),
    maxDocumentsPerBase: count(env.PARLEY_KNOWLEDGE_MAX_DOCUMENTS, "PARLEY_KNOWLEDGE_MAX_DOCUMENTS", 1000),
    fetchTimeoutMs: count(env.PARLEY_KNOWLEDGE_FETCH_TIMEOUT_MS, "PARLEY_KNOWLEDGE_FETCH_TIMEOUT_MS", 15_000),
    pollMs: count(env.PARLEY_KNOWLEDGE_POLL_MS, "PARLEY_KNOWLEDGE_POLL_MS", 2000),
    indexer: !/^off$/i.test(indexer ?? ""),
    embeddingsTimeoutMs: count(
      env.PARLEY_KNOWLEDGE_EMBEDDINGS_TIMEOUT_MS,
      "PARLEY_KNOWLEDGE_EMBEDDINGS_TIMEOUT_MS",
      30_000,
    ),
    embeddingsBatchSize: count(env.PARLEY_KNOWLEDGE_EMBEDDINGS_BATCH, "PARLEY_KNOWLEDGE_EMBEDDINGS_BATCH", 64),
  };
}
