import { afterAll, describe, expect, test } from "vitest";
import { createDocumentParser, type DocumentLimits } from "../../../src/integrations/knowledge/documents/index.js";
import { DocumentParserPool } from "../../../src/integrations/knowledge/documents/parser-pool.js";
import { documentXml, docxFile, hugePageTreePdf, textPdf, zipBombDocx } from "../../helpers/document-fixtures.js";

/**
 * The worker pool (the built dist/cli/document-worker.js): hostile documents each fail alone, with the
 * reason the owner reads, and the pool goes on reading the next document.
 */
const limits: DocumentLimits = {
  maxBytes: 2_000_000,
  maxPages: 500,
  maxChunks: 1000,
  maxTextChars: 100_000,
  timeoutMs: 20_000,
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const pool = new DocumentParserPool({ workers: 2 });
afterAll(() => pool.close());

const markdown = {
  format: "markdown" as const,
  fileName: "faq.md",
  bytes: utf8("# FAQ\n\n## Hours\n\nOpen from 9 to 5."),
};
const stillWorks = async (parser = pool) =>
  expect(await parser.parse(markdown, limits)).toEqual({
    ok: true,
    title: "FAQ",
    chunks: [{ ordinal: 0, headingPath: ["FAQ", "Hours"], text: "Open from 9 to 5." }],
  });

describe("the document parser's worker pool", () => {
  test("reads documents of every format in workers", async () => {
    const docx = docxFile(documentXml([{ text: "Leave", style: "Heading1" }, { text: "Sixteen weeks." }]));
    const pdf = textPdf([["First page."], ["Second page."]]);
    const [fromDocx, fromPdf] = await Promise.all([
      pool.parse({ format: "docx", fileName: "handbook.docx", bytes: docx }, limits),
      pool.parse({ format: "pdf", fileName: "manual.pdf", bytes: pdf }, limits),
    ]);
    expect(fromDocx).toEqual({ ok: true, chunks: [{ ordinal: 0, headingPath: ["Leave"], text: "Sixteen weeks." }] });
    expect(fromPdf).toEqual({
      ok: true,
      pages: 2,
      chunks: [
        { ordinal: 0, headingPath: [], page: 1, text: "First page." },
        { ordinal: 1, headingPath: [], page: 2, text: "Second page." },
      ],
    });
    await stillWorks();
  });

  test("a zip bomb inside a DOCX fails when its unpacked size passes the limit", async () => {
    const bomb = zipBombDocx(16);
    expect(bomb.length).toBeLessThan(50_000);
    expect(await pool.parse({ format: "docx", fileName: "bomb.docx", bytes: bomb }, limits)).toEqual({
      ok: false,
      reason: "The DOCX unpacks to more than 1.9 MB (the limit); it may be a zip bomb.",
    });
    await stillWorks();
  });

  test("a tiny PDF declaring a million pages fails before any page is read", async () => {
    const pdf = hugePageTreePdf(6);
    expect(pdf.length).toBeLessThan(2000);
    expect(await pool.parse({ format: "pdf", fileName: "pages.pdf", bytes: pdf }, limits)).toEqual({
      ok: false,
      reason: "The PDF has more than 500 pages (the limit).",
    });
    await stillWorks();
  });

  test("a malformed PDF and a DOCX that is no archive fail with what is wrong", async () => {
    const malformed = utf8(
      "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF",
    );
    expect(await pool.parse({ format: "pdf", fileName: "broken.pdf", bytes: malformed }, limits)).toEqual({
      ok: false,
      reason: "The file is not a readable PDF (Invalid PDF structure).",
    });
    expect(
      await pool.parse({ format: "docx", fileName: "fake.docx", bytes: utf8("not a zip at all") }, limits),
    ).toEqual({
      ok: false,
      reason: "The file is not a readable DOCX (it is not a ZIP archive).",
    });
    await stillWorks();
  });

  test("HTML never gives the text of its scripts", async () => {
    const html = utf8(
      "<html><body><script>const token = 'SCRIPT-SECRET';</script><p>Visible text.</p><script src=x>MORE-SCRIPT</script></body></html>",
    );
    expect(await pool.parse({ format: "html", fileName: "page.html", bytes: html }, limits)).toEqual({
      ok: true,
      chunks: [{ ordinal: 0, headingPath: [], text: "Visible text." }],
    });
  });

  test("an empty file and a file over the size limit fail without reaching a worker", async () => {
    const fresh = new DocumentParserPool({ workers: 1 });
    try {
      expect(await fresh.parse({ format: "text", fileName: "empty.txt", bytes: new Uint8Array() }, limits)).toEqual({
        ok: false,
        reason: "The file is empty.",
      });
      const big = new Uint8Array(limits.maxBytes + 1).fill(0x61);
      expect(await fresh.parse({ format: "text", fileName: "big.txt", bytes: big }, limits)).toEqual({
        ok: false,
        reason: "The file is larger than 1.9 MB (the limit).",
      });
      expect(fresh.stats().workers).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  test("a read past its time limit terminates its worker; the next document gets a fresh one", async () => {
    const slow = textPdf(
      Array.from({ length: 300 }, (_, page) => Array(40).fill(`Line of page ${page + 1} with words.`)),
    );
    const replacements = pool.stats().replacements;
    expect(await pool.parse({ format: "pdf", fileName: "slow.pdf", bytes: slow }, { ...limits, timeoutMs: 5 })).toEqual(
      {
        ok: false,
        reason: "Reading the document took longer than 5 ms (the limit).",
      },
    );
    expect(pool.stats().replacements).toBe(replacements + 1);
    await stillWorks();
  });

  test("a document needing more memory than the worker's heap fails alone", async () => {
    // The smallest heap the worker starts in: the larger the heap, the longer V8 collects before it gives up.
    const small = new DocumentParserPool({ workers: 1, heapMb: 16 });
    try {
      // 8 MB of short paragraphs: each becomes objects of its own, far more than a 16 MB heap holds.
      const text = utf8("word number one two\n\n".repeat(400_000));
      const generous = {
        ...limits,
        maxBytes: 100_000_000,
        maxTextChars: 100_000_000,
        maxChunks: 10_000_000,
        timeoutMs: 80_000,
      };
      expect(await small.parse({ format: "markdown", fileName: "huge.md", bytes: text }, generous)).toEqual({
        ok: false,
        reason: "Reading the document needed more memory than allowed.",
      });
      await stillWorks(small);
      expect(small.stats().replacements).toBe(1);
    } finally {
      await small.close();
    }
  }, 90_000);

  test("a closed pool answers at once", async () => {
    const closed = createDocumentParser({ workers: 1 });
    await closed.close();
    expect(await closed.parse(markdown, limits)).toEqual({ ok: false, reason: "The document reader is closed." });
  });
});
