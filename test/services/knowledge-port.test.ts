import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKnowledgePort } from "../../src/services/knowledge/knowledge-port.js";
import { openStore, type Store } from "../../src/store/connect.js";
import { KnowledgeBasesRepository } from "../../src/store/knowledge-bases-repository.js";
import { KnowledgeDocumentsRepository } from "../../src/store/knowledge-documents-repository.js";
import { KnowledgeSearch } from "../../src/store/knowledge-search.js";
import { KnowledgeVectorSearch } from "../../src/store/knowledge-vectors.js";
import { createTestDatabase } from "../helpers/test-database.js";

/** The engine's knowledge port over the store: the bot's own workspace only, within the turn's deadline. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: Store;
let port: ReturnType<typeof createKnowledgePort>;
let baseId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const bases = new KnowledgeBasesRepository(store.db);
  const documents = new KnowledgeDocumentsRepository(store.db, store.dialect);
  port = createKnowledgePort({
    bases,
    search: new KnowledgeSearch(store.db, store.dialect),
    vectors: new KnowledgeVectorSearch(store.db, store.dialect),
    // Bases here name no embeddings source: every search is full text.
    embedder: { embed: async () => ({ ok: false, error: "no embeddings source" }) },
  });
  baseId = (await bases.create({ workspaceId: "ws-bot", name: "Faq" })).id;
  const [document] = await documents.add([
    {
      knowledgeBaseId: baseId,
      name: "faq.md",
      source: "file",
      url: null,
      format: "markdown",
      size: 1,
      contentKey: null,
    },
  ]);
  const [job] = await documents.claim(new Date().toISOString(), "2999-01-01T00:00:00.000Z", 1, 3);
  await documents.finish(document!.id, job!.claimToken!, {
    chunks: [
      { ordinal: 0, headingPath: ["Delivery"], text: "Delivery takes two days." },
      { ordinal: 1, headingPath: ["Returns"], text: "Returns are free within a month.", page: 2 },
    ],
  });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const scope = (workspaceId: string | undefined) => ({ workspaceId, botId: "bot", mode: "live" as const });

describe("the knowledge port", () => {
  it("searches a base of the bot's workspace, leaving unset fields out", async () => {
    const answer = await port.search(
      { knowledgeBaseId: baseId, query: "are returns free?", limit: 3 },
      scope("ws-bot"),
    );
    expect(answer).toEqual({
      ok: true,
      hits: [
        {
          chunkId: expect.any(String),
          documentId: expect.any(String),
          documentName: "faq.md",
          headingPath: ["Returns"],
          page: 2,
          text: "Returns are free within a month.",
          score: expect.any(Number),
        },
      ],
    });
  });

  it("answers another workspace's base (or a scope without workspace) as not found", async () => {
    const request = { knowledgeBaseId: baseId, query: "delivery", limit: 3 };
    expect(await port.search(request, scope("ws-other"))).toEqual({ ok: false, error: "Knowledge base not found" });
    expect(await port.search(request, scope(undefined))).toEqual({ ok: false, error: "Knowledge base not found" });
  });

  it("answers a search whose deadline has passed as timed out", async () => {
    const answer = await port.search(
      { knowledgeBaseId: baseId, query: "delivery", limit: 3, deadline: Date.now() - 1 },
      scope("ws-bot"),
    );
    expect(answer).toEqual({ ok: false, error: "The knowledge base search timed out" });
  });
});
