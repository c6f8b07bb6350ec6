import type { ColumnType } from "kysely";

/** The knowledge bases' tables (migration 0026); see database.ts for the conventions. */

export type KnowledgeSearchMode = "fulltext" | "vector" | "hybrid";

export interface KnowledgeBasesTable {
  id: string;
  workspaceId: string;
  name: string;
  /** Migration 0031: how questions are searched when none is asked for (vector and hybrid need embeddings). */
  searchMode: ColumnType<KnowledgeSearchMode, KnowledgeSearchMode | undefined, KnowledgeSearchMode>;
  /** The workspace AI credential the embeddings API is called with; null: full text only. */
  embeddingsCredentialsId: ColumnType<string | null, string | null | undefined, string | null>;
  embeddingsModel: ColumnType<string | null, string | null | undefined, string | null>;
  /** Replaces the credential's (or its provider's) address, e.g. a local Ollama's http://host:11434/v1. */
  embeddingsBaseUrl: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

export type KnowledgeDocumentStatus = "queued" | "indexing" | "ready" | "failed";

/** A document and its indexing job, on one row. */
export interface KnowledgeDocumentsTable {
  id: string;
  knowledgeBaseId: string;
  /** The document's title once parsed, else its file name or URL. */
  name: string;
  source: "file" | "url";
  url: string | null;
  format: string;
  status: KnowledgeDocumentStatus;
  /** Why it failed, a sentence for the owner. */
  error: string | null;
  size: number;
  pages: number | null;
  chunkCount: number;
  /** Where its bytes are in the file storage; null for a URL not fetched yet. */
  contentKey: string | null;
  /** Claims of its current job (a job claimed again after a crash counts twice). */
  attempts: number;
  /** While indexing: when another instance may take the job over. */
  leaseUntil: string | null;
  /** The claim allowed to write the job's result; a re-index clears it. */
  claimToken: string | null;
  createdAt: string;
  indexedAt: string | null;
}

export interface KnowledgeChunksTable {
  id: string;
  knowledgeBaseId: string;
  documentId: string;
  ordinal: number;
  /** JSON array of the headings above the passage. */
  headingPath: string;
  page: number | null;
  text: string;
}

/** A chunk's embedding (migration 0031), unit length, as little-endian float32 bytes. */
export interface KnowledgeChunkVectorsTable {
  chunkId: string;
  knowledgeBaseId: string;
  documentId: string;
  /** The embeddings source's signature when it was embedded (see embeddingsSignature). */
  model: string;
  vector: Buffer;
}
