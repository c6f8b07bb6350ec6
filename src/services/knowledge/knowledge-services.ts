import type { Config } from "../../config.js";
import { createDocumentParser, type DocumentParser } from "../../integrations/knowledge/documents/index.js";
import type { Store } from "../../store/connect.js";
import { KnowledgeBasesRepository } from "../../store/knowledge-bases-repository.js";
import { KnowledgeDocumentsRepository } from "../../store/knowledge-documents-repository.js";
import { KnowledgeSearch } from "../../store/knowledge-search.js";
import { Wakeup } from "../background/wakeup.js";

/** What knowledge bases need: their repositories, the document reader, and the indexer's wakeup. */
export type KnowledgeServices = {
  bases: KnowledgeBasesRepository;
  documents: KnowledgeDocumentsRepository;
  search: KnowledgeSearch;
  /** Worker threads start per parse: an instance that indexes nothing holds none. */
  parser: DocumentParser;
  /** Notified when documents are queued, so this instance's indexer starts at once. */
  wakeup: Wakeup;
};

export function createKnowledgeServices(config: Config, store: Store): KnowledgeServices {
  return {
    bases: new KnowledgeBasesRepository(store.db),
    documents: new KnowledgeDocumentsRepository(store.db, store.dialect),
    search: new KnowledgeSearch(store.db, store.dialect),
    parser: createDocumentParser({
      workers: config.knowledge.workers,
      // A worker must hold about ten times the largest document: one allocation past its heap would
      // take the whole process down instead of failing that document.
      heapMb: Math.max(256, Math.ceil((10 * config.knowledge.maxDocumentBytes) / (1024 * 1024))),
    }),
    wakeup: new Wakeup(),
  };
}
