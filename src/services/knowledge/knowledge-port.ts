import type { KnowledgePort } from "../../engine/ports.js";
import type { KnowledgeBasesRepository } from "../../store/knowledge-bases-repository.js";
import type { KnowledgeSearch } from "../../store/knowledge-search.js";
import type { KnowledgeVectorSearch } from "../../store/knowledge-vectors.js";
import type { KnowledgeEmbedder } from "./knowledge-embeddings.js";
import { retrieve } from "./knowledge-retrieval.js";
import { toKnowledgeHit } from "./knowledge-view.js";

/** A block asks for at most this many passages. */
const MAX_LIMIT = 50;

/**
 * Bots' retrieval: only the bot's own workspace's bases (another workspace's id reads as not found),
 * within the turn's deadline: a search still running then is answered as timed out.
 */
export function createKnowledgePort(knowledge: {
  bases: KnowledgeBasesRepository;
  search: KnowledgeSearch;
  vectors: KnowledgeVectorSearch;
  embedder: KnowledgeEmbedder;
}): KnowledgePort {
  return {
    async search(request, scope) {
      const started = Date.now();
      const remaining = request.deadline === undefined ? undefined : request.deadline - started;
      if (remaining !== undefined && remaining <= 0) return { ok: false, error: "The knowledge base search timed out" };
      const work = (async () => {
        const base = scope.workspaceId && (await knowledge.bases.find(scope.workspaceId, request.knowledgeBaseId));
        if (!base) return { ok: false as const, error: "Knowledge base not found" };
        const limit = Math.min(Math.max(1, Math.floor(request.limit)), MAX_LIMIT);
        const result = await retrieve(knowledge, base, { query: request.query, limit, mode: request.searchMode });
        if (!result.ok) return result;
        return { ok: true as const, hits: result.hits.map(toKnowledgeHit) };
      })().catch((error: unknown) => ({
        ok: false as const,
        error: `The knowledge base could not be searched: ${error instanceof Error ? error.message : String(error)}`,
      }));
      if (remaining === undefined) return work;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<{ ok: false; error: string }>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, error: "The knowledge base search timed out" }), remaining);
      });
      try {
        return await Promise.race([work, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
