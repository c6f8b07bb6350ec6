// A reference for the store's search, without it: the corpus read and chunked by the real reader,
// ranked in memory by textbook BM25 (k1 1.2, b 0.75, lower-cased words, no stemming), alone and fused
// (reciprocal rank, k 60) with the deterministic fake embeddings' cosine. Prints recall@5 and nDCG@10
// on the judged questions; the store's full-text search should come close to the BM25 line.
// `npx vitest run --config bench/measure.vitest.config.ts knowledge/reference`. Asserts nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { chunkParagraphs } from "../../src/integrations/knowledge/documents/chunking.js";
import { readMarkdown } from "../../src/integrations/knowledge/documents/text-formats.js";
import { fakeEmbedding } from "../../test/helpers/embeddings-fakes.js";
import { evaluate, type Hit, type JudgedQuestion } from "./metrics.mjs";

const here = import.meta.dirname;
const limits = { maxBytes: 1e8, maxPages: 1, maxChunks: 1e6, maxTextChars: 1e8, timeoutMs: 1e5 };
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

type Chunk = Hit & { text: string; terms: Map<string, number>; length: number; vector: number[] };

function corpusChunks(): Chunk[] {
  const chunks: Chunk[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) {
        const document = path.relative(path.join(here, "corpus"), full).split(path.sep).join("/");
        for (const chunk of chunkParagraphs(readMarkdown(readFileSync(full), limits).paragraphs, limits.maxChunks)) {
          // Headings are searchable text too, as a store indexing the heading path would make them.
          const tokens = words(`${chunk.headingPath.join(" ")} ${chunk.text}`);
          const terms = new Map<string, number>();
          for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
          const vector = fakeEmbedding(`${chunk.headingPath.join(" ")} ${chunk.text}`);
          chunks.push({
            document,
            headingPath: chunk.headingPath,
            text: chunk.text,
            terms,
            length: tokens.length,
            vector,
          });
        }
      }
    }
  };
  walk(path.join(here, "corpus"));
  return chunks;
}

it("measures", async () => {
  const chunks = corpusChunks();
  const averageLength = chunks.reduce((sum, chunk) => sum + chunk.length, 0) / chunks.length;
  const documentFrequency = new Map<string, number>();
  for (const chunk of chunks)
    for (const term of chunk.terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const bm25 = (query: string) => {
    const terms = [...new Set(words(query))];
    return chunks
      .map((chunk) => {
        let score = 0;
        for (const term of terms) {
          const frequency = chunk.terms.get(term) ?? 0;
          if (frequency === 0) continue;
          const df = documentFrequency.get(term)!;
          const idf = Math.log(1 + (chunks.length - df + 0.5) / (df + 0.5));
          score += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * chunk.length) / averageLength));
        }
        return { chunk, score };
      })
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.chunk);
  };
  const byVector = (query: string) => {
    const question = fakeEmbedding(query);
    return chunks
      .map((chunk) => ({ chunk, score: chunk.vector.reduce((sum, value, index) => sum + value * question[index]!, 0) }))
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.chunk);
  };
  const fused = (query: string) => {
    const scores = new Map<Chunk, number>();
    for (const ranking of [bm25(query).slice(0, 50), byVector(query).slice(0, 50)])
      ranking.forEach((chunk, rank) => {
        scores.set(chunk, (scores.get(chunk) ?? 0) + 1 / (60 + rank + 1));
      });
    return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([chunk]) => chunk);
  };
  const { questions } = JSON.parse(readFileSync(path.join(here, "questions.json"), "utf8")) as {
    questions: JudgedQuestion[];
  };
  console.log(`${chunks.length} chunks from the corpus, ${questions.length} judged questions`);
  for (const [label, rank] of [
    ["BM25 (reference full text)", bm25],
    ["fake embeddings alone", byVector],
    ["BM25 + fake embeddings, RRF", fused],
  ] as const) {
    const result = await evaluate(questions, async (query) => rank(query).slice(0, 10));
    console.log(`${label.padEnd(30)} recall@5 ${result.recallAt5.toFixed(3)}  nDCG@10 ${result.ndcgAt10.toFixed(3)}`);
  }
});
