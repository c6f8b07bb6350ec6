import type { Config } from "../../config.js";
import { createDocumentParser, type DocumentParser } from "../../integrations/knowledge/documents/index.js";
import type { Store } from "../../store/connect.js";
import { KnowledgeBasesRepository } from "../../store/knowledge-bases-repository.js";
import { KnowledgeDocumentsRepository } from "../../store/knowledge-documents-repository.js";
import { KnowledgeSearch } from "../../store/knowledge-search.js";
import { KnowledgeVectorSearch } from "../../store/knowledge-vectors.js";
import { addressGuard } from "../../integrations/create-integration-ports.js";
import { credentialsKit } from "../../integrations/credentials/credentials-kit.js";
import { createHttpPort } from "../../integrations/http/http-port.js";
import { createKnowledgeEmbedder, type KnowledgeEmbedder } from "./knowledge-embeddings.js";
import { Wakeup } from "../background/wakeup.js";

/** What knowledge bases need: their repositories, the document reader, and the indexer's wakeup. */
export type KnowledgeServices = {
  bases: KnowledgeBasesRepository;
  documents: KnowledgeDocumentsRepository;
  search: KnowledgeSearch;
  vectors: KnowledgeVectorSearch;
  /** Passages and questions into vectors with a base's embeddings source (through the guarded HTTP port). */
  embedder: KnowledgeEmbedder;
  /** Worker threads start per parse: an instance that indexes nothing holds none. */
  parser: DocumentParser;
  /** Notified when documents are queued, so this instance's indexer starts at once. */
  wakeup: Wakeup;
};

export function createKnowledgeServices(config: Config, store: Store): KnowledgeServices {
  const { vault, repository } = credentialsKit(config, store);
  return {
    bases: new KnowledgeBasesRepository(store.db),
    documents: new KnowledgeDocumentsRepository(store.db, store.dialect),
    search: new KnowledgeSearch(store.db, store.dialect),
    vectors: new KnowledgeVectorSearch(store.db, store.dialect),
    embedder: createKnowledgeEmbedder({
      vault,
      credentials: repository,
      // The request carries a credential's key: redirects never take it to another origin.
      http: createHttpPort(addressGuard(config), { keepOnOrigin: true }),
      timeoutMs: config.knowledge.embeddingsTimeoutMs,
      batchSize: config.knowledge.embeddingsBatchSize,
    }),
    parser: createDocumentParser({
      workers: config.knowledge.workers,
      // A worker must hold about ten times the largest document: one allocation past its heap would
      // take the whole process down instead of failing that document.
      heapMb: Math.max(256, Math.ceil((10 * config.knowledge.maxDocumentBytes) / (1024 * 1024))),
    }),
    wakeup: new Wakeup(),
  };
}
