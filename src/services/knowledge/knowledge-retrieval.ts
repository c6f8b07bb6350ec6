import type { KnowledgeSearchMode } from "../../store/knowledge-tables.js";
import type { KnowledgeBaseRow } from "../../store/knowledge-bases-repository.js";
import type { KnowledgeChunkHit, KnowledgeSearch } from "../../store/knowledge-search.js";
import type { KnowledgeVectorSearch } from "../../store/knowledge-vectors.js";
import type { KnowledgeEmbedder } from "./knowledge-embeddings.js";
import { embeddingsSettingOf } from "./knowledge-embeddings.js";

/** Reciprocal-rank fusion's constant (Cormack et al. 2009): a passage scores Σ 1 / (k + rank). */
export const RRF_K = 60;
/** Each list fused is this many times deeper than the passages asked for: a passage ranked low by one side can still rise. */
const FUSION_DEPTH = 4;
const MIN_FUSION_DEPTH = 20;

/**
 * Reciprocal-rank fusion of ranked lists: ordered by Σ 1 / (k + rank) over the lists a passage is in
 * (ties by chunk id, so the order is stable). Each passage keeps its best score from any list, so a
 * block's threshold still reads a relevance, not a rank; capped by the score of the passage before
 * it, so that scores fall along the fused order and a reader sorting by score keeps that order.
 */
export function fuseByReciprocalRank(lists: KnowledgeChunkHit[][], limit: number, k = RRF_K): KnowledgeChunkHit[] {
  const fused = new Map<string, { hit: KnowledgeChunkHit; rrf: number }>();
  for (const list of lists) {
    list.forEach((hit, index) => {
      const entry = fused.get(hit.chunkId);
      const share = 1 / (k + index + 1);
      if (entry) {
        entry.rrf += share;
        if (hit.score > entry.hit.score) entry.hit = { ...entry.hit, score: hit.score };
      } else fused.set(hit.chunkId, { hit, rrf: share });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.rrf - a.rrf || (a.hit.chunkId < b.hit.chunkId ? -1 : a.hit.chunkId > b.hit.chunkId ? 1 : 0))
    .slice(0, limit)
    .map(({ hit }, index, ranked) => {
      const cap = index === 0 ? 1 : Math.min(...ranked.slice(0, index).map((entry) => entry.hit.score));
      return hit.score > cap ? { ...hit, score: cap } : hit;
    });
}

export type RetrievalResult =
  | { ok: true; hits: KnowledgeChunkHit[]; mode: KnowledgeSearchMode }
  | { ok: false; error: string };

/**
 * A question against a base, in the mode asked for (else the base's). Vector and hybrid need the
 * base's embeddings source; without one they search full text. A hybrid search whose question cannot
 * be embedded (the provider is down) answers from full text alone, so a bot still answers; a vector
 * search fails with the provider's reason.
 */
export async function retrieve(
  services: { search: KnowledgeSearch; vectors: KnowledgeVectorSearch; embedder: KnowledgeEmbedder },
  base: KnowledgeBaseRow,
  request: { query: string; limit: number; mode?: KnowledgeSearchMode | undefined },
): Promise<RetrievalResult> {
  const setting = embeddingsSettingOf(base);
  const mode: KnowledgeSearchMode = setting ? (request.mode ?? base.searchMode) : "fulltext";
  if (mode === "fulltext")
    return { ok: true, mode, hits: await services.search.search(base.id, request.query, request.limit) };
  const depth = mode === "hybrid" ? Math.max(request.limit * FUSION_DEPTH, MIN_FUSION_DEPTH) : request.limit;
  const [embedded, words] = await Promise.all([
    services.embedder.embed(base, [request.query]),
    mode === "hybrid" ? services.search.search(base.id, request.query, depth) : Promise.resolve([]),
  ]);
  if (!embedded.ok) {
    if (mode === "vector") return { ok: false, error: embedded.error };
    return { ok: true, mode: "fulltext", hits: words.slice(0, request.limit) };
  }
  const meaning = await services.vectors.search(base.id, embedded.model, embedded.vectors[0]!, depth);
  if (mode === "vector") return { ok: true, mode, hits: meaning };
  return { ok: true, mode, hits: fuseByReciprocalRank([words, meaning], request.limit) };
}
