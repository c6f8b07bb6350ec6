// Query latency of a knowledge base at 10,000 and 100,000 synthetic chunks (random 40-word passages
// from a 5,000-word vocabulary, random unit vectors of 512 dimensions, the local model's size), on the
// database of DATABASE_URL (else the embedded one): full text, vector and hybrid (both, fused), the
// embeddings call excluded. Prints p50/p99 of 50 questions each, after one warm-up question.
// `npx vitest run --config bench/measure.vitest.config.ts knowledge/vector-latency`. Asserts nothing.
import { it } from "vitest";
import { fuseByReciprocalRank } from "../../src/services/knowledge/knowledge-retrieval.js";
import { openStore } from "../../src/store/connect.js";
import { KnowledgeBasesRepository } from "../../src/store/knowledge-bases-repository.js";
import { KnowledgeDocumentsRepository } from "../../src/store/knowledge-documents-repository.js";
import { KnowledgeSearch } from "../../src/store/knowledge-search.js";
import { KnowledgeVectorSearch } from "../../src/store/knowledge-vectors.js";
import { createTestDatabase } from "../../test/helpers/test-database.js";

const DIMENSIONS = 512;
const CHUNKS_PER_DOCUMENT = 1000;
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const vocabulary = Array.from({ length: 5000 }, (_, index) => `w${index.toString(36)}`);
const word = () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]!;
const passage = () => Array.from({ length: 40 }, word).join(" ");
const vector = () => Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5);

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!.toFixed(1);

it("knowledge search latency at 10k and 100k chunks", async () => {
  const database = await createTestDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const bases = new KnowledgeBasesRepository(store.db);
  const documents = new KnowledgeDocumentsRepository(store.db, store.dialect);
  const words = new KnowledgeSearch(store.db, store.dialect);
  const vectors = new KnowledgeVectorSearch(store.db, store.dialect);
  const base = await bases.create({ workspaceId: "bench", name: "bench" });
  let indexed = 0;
  for (const target of [10_000, 100_000]) {
    const started = performance.now();
    while (indexed < target) {
      const [document] = await documents.add([
        {
          knowledgeBaseId: base.id,
          name: `d${indexed}`,
          source: "file",
          url: null,
          format: "text",
          size: 1,
          contentKey: null,
        },
      ]);
      const [job] = await documents.claim(new Date().toISOString(), "2999-01-01T00:00:00.000Z", 1, 3);
      const chunks = Array.from({ length: CHUNKS_PER_DOCUMENT }, (_, ordinal) => ({
        ordinal,
        headingPath: ["H"],
        text: passage(),
      }));
      await documents.finish(document!.id, job!.claimToken!, {
        chunks,
        vectors: { model: "bench", values: chunks.map(vector) },
      });
      indexed += CHUNKS_PER_DOCUMENT;
    }
    await bases.touch(base.id);
    const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);
    const timings = { fulltext: [] as number[], vector: [] as number[], hybrid: [] as number[] };
    // Warm-up: on PostgreSQL the first vector search reads the base's vectors into memory.
    const warm = performance.now();
    await vectors.search(base.id, "bench", vector(), 10);
    const warmMs = (performance.now() - warm).toFixed(0);
    for (let question = 0; question < 50; question++) {
      const query = Array.from({ length: 6 }, word).join(" ");
      const embedding = vector();
      let at = performance.now();
      const text = await words.search(base.id, query, 40);
      timings.fulltext.push(performance.now() - at);
      at = performance.now();
      await vectors.search(base.id, "bench", embedding, 10);
      timings.vector.push(performance.now() - at);
      at = performance.now();
      const [both, meaning] = await Promise.all([
        words.search(base.id, query, 40),
        vectors.search(base.id, "bench", embedding, 40),
      ]);
      fuseByReciprocalRank([both, meaning], 10);
      timings.hybrid.push(performance.now() - at);
      void text;
    }
    console.log(
      `${store.dialect} ${target} chunks (indexed in ${loadSeconds} s; first vector search ${warmMs} ms): ` +
        Object.entries(timings)
          .map(([mode, values]) => `${mode} p50 ${percentile(values, 0.5)} ms p99 ${percentile(values, 0.99)} ms`)
          .join("; "),
    );
  }
  await store.close();
  await database.drop();
}, 1_200_000);
