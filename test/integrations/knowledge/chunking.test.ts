import { describe, expect, test } from "vitest";
import { chunkParagraphs, MAX_CHARS } from "../../../src/integrations/knowledge/documents/chunking.js";

const sentence = (index: number) => `Sentence number ${index} says something about refunds and returns.`;
const paragraphOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => sentence(from + index)).join(" ");

describe("chunking", () => {
  test("packs a section's paragraphs up to about 1,000 characters, never over 1,200", () => {
    const paragraphs = Array.from({ length: 12 }, (_, index) => ({
      headingPath: ["Policies", "Refunds"],
      text: paragraphOf(index * 5, 5),
    }));
    const chunks = chunkParagraphs(paragraphs, 100);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(MAX_CHARS);
      expect(chunk.headingPath).toEqual(["Policies", "Refunds"]);
    }
    // Every sentence is in some chunk; a chunk starts with whole sentences.
    for (let index = 0; index < 60; index++)
      expect(chunks.some((chunk) => chunk.text.includes(sentence(index)))).toBe(true);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^Sentence number \d+ /);
  });

  test("the next chunk of a section repeats the previous chunk's last sentence", () => {
    const chunks = chunkParagraphs([{ headingPath: [], text: paragraphOf(0, 40) }], 100);
    expect(chunks.length).toBeGreaterThan(1);
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1]!.text;
      const lastOfPrevious = previous.slice(previous.lastIndexOf("Sentence number"));
      expect(chunks[index]!.text.startsWith(lastOfPrevious)).toBe(true);
    }
  });

  test("a chunk never spans two sections or two pages, and carries no overlap across them", () => {
    const chunks = chunkParagraphs(
      [
        { headingPath: ["Pricing"], text: "Plans are monthly." },
        { headingPath: ["Pricing", "Refunds"], text: "Refunds take five days." },
        { headingPath: [], page: 1, text: "Page one text." },
        { headingPath: [], page: 2, text: "Page two text." },
        { headingPath: [], page: 2, text: "More on page two." },
      ],
      100,
    );
    expect(chunks).toEqual([
      { ordinal: 0, headingPath: ["Pricing"], text: "Plans are monthly." },
      { ordinal: 1, headingPath: ["Pricing", "Refunds"], text: "Refunds take five days." },
      { ordinal: 2, headingPath: [], page: 1, text: "Page one text." },
      { ordinal: 3, headingPath: [], page: 2, text: "Page two text.\n\nMore on page two." },
    ]);
  });

  test("a paragraph without sentence ends or spaces is still cut at 1,200 characters", () => {
    const chunks = chunkParagraphs([{ headingPath: [], text: "x".repeat(3000) }], 100);
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([1200, 1200, 600]);
  });

  test("the same paragraphs always give the same chunks", () => {
    const paragraphs = [{ headingPath: ["A"], text: paragraphOf(0, 50) }];
    expect(chunkParagraphs(paragraphs, 100)).toEqual(chunkParagraphs(paragraphs, 100));
  });
});
