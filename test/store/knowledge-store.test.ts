import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/connect.js";
import { KnowledgeBasesRepository } from "../../src/store/knowledge-bases-repository.js";
import { KnowledgeDocumentsRepository } from "../../src/store/knowledge-documents-repository.js";
import { KnowledgeSearch } from "../../src/store/knowledge-search.js";
import { createTestDatabase } from "../helpers/test-database.js";

/** Knowledge bases' storage, indexing jobs and full-text search, on the engine DATABASE_URL names (or SQLite). */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: Store;
let bases: KnowledgeBasesRepository;
let documents: KnowledgeDocumentsRepository;
let search: KnowledgeSearch;
beforeAll(async () => {
  database = await createTestDatabase();
  store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  bases = new KnowledgeBasesRepository(store.db);
  documents = new KnowledgeDocumentsRepository(store.db, store.dialect);
  search = new KnowledgeSearch(store.db, store.dialect);
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const LATER = "2999-01-01T00:00:00.000Z";
const textDocument = (knowledgeBaseId: string, name: string) => ({
  knowledgeBaseId,
  name,
  source: "file" as const,
  url: null,
  format: "text",
  size: 10,
  contentKey: `.knowledge/${knowledgeBaseId}/${name}`,
});

/** Claims every queued job and indexes each with the chunks given by name. */
async function indexAll(chunksByName: Record<string, { headingPath: string[]; text: string; page?: number }[]>) {
  const claimed = await documents.claim(new Date().toISOString(), LATER, 100, 3);
  for (const job of claimed) {
    const chunks = (chunksByName[job.name] ?? []).map((chunk, ordinal) => ({ ordinal, ...chunk }));
    expect(await documents.finish(job.id, job.claimToken!, { chunks })).toBe(true);
  }
  return claimed;
}

describe(`knowledge bases on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("creates, lists (with counts), renames and finds bases of their workspace only", async () => {
    const created = await bases.create({ workspaceId: "ws-a", name: "Help" });
    await bases.create({ workspaceId: "ws-b", name: "Other" });
    await documents.add([textDocument(created.id, "one"), textDocument(created.id, "two")]);
    await bases.rename(created.id, "Help centre");
    expect(await bases.listForWorkspace("ws-a")).toEqual([
      expect.objectContaining({ id: created.id, name: "Help centre", documentCount: 2, chunkCount: 0 }),
    ]);
    expect(await bases.find("ws-b", created.id)).toBeUndefined();
    expect((await documents.listForBase(created.id)).map((row) => [row.name, row.status, row.size])).toEqual([
      ["one", "queued", 10],
      ["two", "queued", 10],
    ]);
    await indexAll({});
  });

  it("claims each queued job once, and again only after its lease ended; a stale claim writes nothing", async () => {
    const base = await bases.create({ workspaceId: "ws-jobs", name: "Jobs" });
    const [added] = await documents.add([textDocument(base.id, "leased")]);
    const now = new Date().toISOString();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const first = await documents.claim(now, soon, 10, 3);
    expect(first.map((row) => [row.id, row.status, row.attempts])).toEqual([[added!.id, "indexing", 1]]);
    expect(await documents.claim(now, soon, 10, 3)).toEqual([]);
    // The claimer died: once its lease ended, another takes the job over with a new token.
    const afterLease = new Date(Date.now() + 120_000).toISOString();
    const second = await documents.claim(afterLease, LATER, 10, 3);
    expect(second.map((row) => [row.id, row.attempts])).toEqual([[added!.id, 2]]);
    expect(await documents.finish(added!.id, first[0]!.claimToken!, { chunks: [] })).toBe(false);
    expect(
      await documents.finish(added!.id, second[0]!.claimToken!, {
        title: "Leased doc",
        chunks: [{ ordinal: 0, headingPath: ["A"], text: "hello" }],
      }),
    ).toBe(true);
    expect(await documents.find(base.id, added!.id)).toMatchObject({
      status: "ready",
      name: "Leased doc",
      chunkCount: 1,
    });
  });

  it("fails a job whose claimers kept dying, after the last attempt's lease", async () => {
    const base = await bases.create({ workspaceId: "ws-crash", name: "Crash" });
    const [added] = await documents.add([textDocument(base.id, "crashy")]);
    let at = Date.now();
    for (let attempt = 1; attempt <= 2; attempt++) {
      const claimed = await documents.claim(new Date(at).toISOString(), new Date(at + 1000).toISOString(), 10, 2);
      expect(claimed.map((row) => row.id)).toEqual([added!.id]);
      at += 2000;
    }
    expect(await documents.claim(new Date(at).toISOString(), LATER, 10, 2)).toEqual([]);
    expect(await documents.find(base.id, added!.id)).toMatchObject({
      status: "failed",
      error: "Indexing stopped 2 times before it finished; the document was not indexed.",
    });
  });

  it("ranks a base's passages by full-text relevance with scores in [0, 1], and never another base's", async () => {
    const base = await bases.create({ workspaceId: "ws-s", name: "Shop" });
    const other = await bases.create({ workspaceId: "ws-s", name: "Elsewhere" });
    await documents.add([textDocument(base.id, "pricing"), textDocument(other.id, "secret")]);
    await indexAll({
      pricing: [
        { headingPath: ["Pricing", "Refunds"], text: "Refunds are paid within 14 days of a return.", page: 3 },
        { headingPath: ["Pricing"], text: "Our plans cost 10 euros a month." },
        { headingPath: ["Shipping"], text: "Parcels leave the warehouse every morning." },
      ],
      secret: [{ headingPath: [], text: "Refunds refunds refunds in another base." }],
    });
    const hits = await search.search(base.id, "How long do refunds take?", 5);
    expect(hits.map((hit) => hit.text)).toEqual(["Refunds are paid within 14 days of a return."]);
    expect(hits[0]).toMatchObject({ documentName: "pricing", headingPath: ["Pricing", "Refunds"], page: 3, url: null });
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBeLessThan(1);

    const pricing = await search.search(base.id, "pricing refunds", 5);
    expect(pricing.map((hit) => hit.headingPath)).toEqual([["Pricing", "Refunds"], ["Pricing"]]);
    expect(pricing[0]!.score).toBeGreaterThan(pricing[1]!.score);
    // FTS syntax in a question is read as words, never as operators.
    expect(await search.search(base.id, 'refunds" OR NEAR(x* :', 5)).toHaveLength(1);
    expect(await search.search(base.id, "?!", 5)).toEqual([]);
  });

  it("deletes a document's chunks with it, and a base with all of its documents", async () => {
    const base = await bases.create({ workspaceId: "ws-d", name: "Doomed" });
    const [first, second] = await documents.add([textDocument(base.id, "first"), textDocument(base.id, "second")]);
    await indexAll({
      first: [{ headingPath: [], text: "alpha words" }],
      second: [{ headingPath: [], text: "alpha beta" }],
    });
    expect(await documents.delete(first!.id)).toBe(`.knowledge/${base.id}/first`);
    expect((await search.search(base.id, "alpha", 5)).map((hit) => hit.documentId)).toEqual([second!.id]);
    expect(await bases.delete(base.id)).toEqual([`.knowledge/${base.id}/second`]);
    expect(await search.search(base.id, "alpha", 5)).toEqual([]);
    expect(await bases.find("ws-d", base.id)).toBeUndefined();
  });

  it("re-indexes a document: its chunks are replaced, not added to", async () => {
    const base = await bases.create({ workspaceId: "ws-r", name: "Again" });
    const [added] = await documents.add([textDocument(base.id, "page")]);
    await indexAll({ page: [{ headingPath: [], text: "gamma old" }] });
    await documents.requeue(added!.id);
    await indexAll({ page: [{ headingPath: [], text: "gamma new" }] });
    expect((await search.search(base.id, "gamma", 5)).map((hit) => hit.text)).toEqual(["gamma new"]);
    expect((await bases.find("ws-r", base.id))?.chunkCount).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)("gives two claimers at once disjoint jobs (PostgreSQL, SKIP LOCKED)", async () => {
    const second = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      const base = await bases.create({ workspaceId: "ws-race", name: "Race" });
      await documents.add(Array.from({ length: 40 }, (_, n) => textDocument(base.id, `race-${n}`)));
      const otherDocuments = new KnowledgeDocumentsRepository(second.db, second.dialect);
      const now = new Date().toISOString();
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, n) => (n % 2 ? otherDocuments : documents).claim(now, LATER, 5, 3)),
      );
      const ids = claims.flat().map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(40);
    } finally {
      await second.close();
    }
  });
});
