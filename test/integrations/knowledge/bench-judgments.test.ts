import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { evaluate, inSection, ndcgAtK, recallAtK } from "../../../bench/knowledge/metrics.mjs";
import type { JudgedQuestion } from "../../../bench/knowledge/metrics.mjs";
import { readMarkdown } from "../../../src/integrations/knowledge/documents/text-formats.js";

const benchDir = path.resolve(import.meta.dirname, "../../../bench/knowledge");
const doc = "fastify/Reference/Server.md";
const hit = (heading: string, document = doc) => ({ document, headingPath: ["Factory", heading] });

describe("retrieval metrics", () => {
  test("a hit is in a judged section when its document matches and its heading path holds the heading", () => {
    expect(inSection(hit("bodyLimit"), { document: doc, heading: "`bodyLimit`" })).toBe(true);
    expect(inSection(hit("bodyLimit"), { document: "fastify/Reference/Routes.md", heading: "bodyLimit" })).toBe(false);
    expect(inSection(hit("logger"), { document: doc, heading: "bodyLimit" })).toBe(false);
  });

  test("recall@5 counts judged sections found in the first five hits, each once", () => {
    const relevant = [
      { document: doc, heading: "bodyLimit" },
      { document: doc, heading: "logger" },
    ];
    expect(
      recallAtK([hit("bodyLimit"), hit("bodyLimit"), hit("a"), hit("b"), hit("c"), hit("logger")], relevant, 5),
    ).toBe(0.5);
    expect(recallAtK([hit("logger"), hit("bodyLimit")], relevant, 5)).toBe(1);
    expect(recallAtK([], relevant, 5)).toBe(0);
  });

  test("nDCG@10 is 1 for a perfect ranking and discounts a relevant hit by its rank", () => {
    const relevant = [{ document: doc, heading: "bodyLimit" }];
    expect(ndcgAtK([hit("bodyLimit"), hit("x")], relevant, 10)).toBe(1);
    expect(ndcgAtK([hit("x"), hit("bodyLimit")], relevant, 10)).toBeCloseTo(1 / Math.log2(3), 10);
    // A second chunk of the same section adds nothing.
    expect(ndcgAtK([hit("x"), hit("bodyLimit"), hit("bodyLimit")], relevant, 10)).toBeCloseTo(1 / Math.log2(3), 10);
    expect(ndcgAtK([hit("x")], relevant, 10)).toBe(0);
  });

  test("evaluate averages over the questions", async () => {
    const questions = [
      { id: "a", question: "limit body", relevant: [{ document: doc, heading: "bodyLimit" }] },
      { id: "b", question: "logs", relevant: [{ document: doc, heading: "logger" }] },
    ];
    const result = await evaluate(questions, async (question) => (question === "logs" ? [hit("logger")] : [hit("x")]));
    expect({ recallAt5: result.recallAt5, ndcgAt10: result.ndcgAt10 }).toEqual({ recallAt5: 0.5, ndcgAt10: 0.5 });
  });
});

describe("the judged corpus", () => {
  const { questions } = JSON.parse(readFileSync(path.join(benchDir, "questions.json"), "utf8")) as {
    questions: JudgedQuestion[];
  };

  test("has at least 100 distinct questions, each with a judged section", () => {
    expect(questions.length).toBeGreaterThanOrEqual(100);
    expect(new Set(questions.map((question) => question.question.toLowerCase())).size).toBe(questions.length);
    for (const question of questions) expect(question.relevant.length).toBeGreaterThan(0);
  });

  test("every judged section is a heading of its document, as the Markdown reader reads it", () => {
    const limits = { maxBytes: 1e7, maxPages: 1, maxChunks: 1e5, maxTextChars: 1e7, timeoutMs: 1e4 };
    const headings = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const question of questions)
      for (const section of question.relevant) {
        if (!headings.has(section.document)) {
          const bytes = readFileSync(path.join(benchDir, "corpus", section.document));
          const paths = readMarkdown(bytes, limits).paragraphs.map((paragraph) => paragraph.headingPath);
          headings.set(section.document, new Set(paths.flat()));
        }
        const inDocument = [...headings.get(section.document)!].map((heading) => ({
          document: section.document,
          headingPath: [heading],
        }));
        if (!inDocument.some((candidate) => inSection(candidate, section)))
          missing.push(`${question.id}: ${section.document} › ${section.heading}`);
      }
    expect(missing).toEqual([]);
  });

  test("every corpus document's licence is recorded", () => {
    const licences = readFileSync(path.join(benchDir, "LICENSES.md"), "utf8");
    const roots = readdirSync(path.join(benchDir, "corpus"));
    for (const root of roots) expect(licences).toContain(`corpus/${root}/`);
  });
});
