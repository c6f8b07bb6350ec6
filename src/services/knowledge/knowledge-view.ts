import type { KnowledgeHit } from "../../engine/ports.js";
import type { KnowledgeBase, KnowledgeDocument } from "../../schemas/knowledge.js";
import type { KnowledgeBaseRow } from "../../store/knowledge-bases-repository.js";
import type { KnowledgeDocumentRow } from "../../store/knowledge-documents-repository.js";
import type { KnowledgeChunkHit } from "../../store/knowledge-search.js";
import { embeddingsSettingOf } from "./knowledge-embeddings.js";

/** Rows as the API shows them: unset fields left out, never null. */
export const toKnowledgeBase = (row: KnowledgeBaseRow): KnowledgeBase => ({
  id: row.id,
  workspaceId: row.workspaceId,
  name: row.name,
  searchMode: row.searchMode,
  ...(embeddingsSettingOf(row) ? { embeddings: embeddingsSettingOf(row)! } : {}),
  documentCount: row.documentCount,
  chunkCount: row.chunkCount,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toKnowledgeDocument = (row: KnowledgeDocumentRow): KnowledgeDocument => ({
  id: row.id,
  knowledgeBaseId: row.knowledgeBaseId,
  name: row.name,
  source: row.source,
  ...(row.url ? { url: row.url } : {}),
  format: row.format,
  status: row.status,
  ...(row.error ? { error: row.error } : {}),
  size: row.size,
  ...(row.pages !== null ? { pages: row.pages } : {}),
  chunkCount: row.chunkCount,
  createdAt: row.createdAt,
  ...(row.indexedAt ? { indexedAt: row.indexedAt } : {}),
});

export const toKnowledgeHit = (hit: KnowledgeChunkHit): KnowledgeHit => ({
  chunkId: hit.chunkId,
  documentId: hit.documentId,
  documentName: hit.documentName,
  ...(hit.url ? { url: hit.url } : {}),
  headingPath: hit.headingPath,
  ...(hit.page !== null ? { page: hit.page } : {}),
  text: hit.text,
  score: hit.score,
});
