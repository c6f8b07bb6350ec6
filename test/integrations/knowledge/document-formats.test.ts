import { describe, expect, test } from "vitest";
import { documentFormatOf, type DocumentLimits } from "../../../src/integrations/knowledge/documents/index.js";
import { readDocument } from "../../../src/integrations/knowledge/documents/read-document.js";
import { documentXml, docxFile, textPdf } from "../../helpers/document-fixtures.js";

/** Each format's reader, on the test's thread (document-parser.test.ts runs them in the worker pool). */
const limits: DocumentLimits = {
  maxBytes: 1_000_000,
  maxPages: 50,
  maxChunks: 200,
  maxTextChars: 100_000,
  timeoutMs: 10_000,
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const cited = (result: Awaited<ReturnType<typeof readDocument>>) =>
  result.ok ? result.chunks.map(({ headingPath, page, text }) => ({ headingPath, page, text })) : result.reason;

describe("documentFormatOf", () => {
  test("goes by the file's extension first, then by the content type", () => {
    expect(documentFormatOf("Manual.PDF")).toBe("pdf");
    expect(documentFormatOf("notes.md", "text/plain")).toBe("markdown");
    expect(documentFormatOf("page.htm")).toBe("html");
    expect(documentFormatOf("contract.docx")).toBe("docx");
    expect(documentFormatOf("readme.txt")).toBe("text");
    expect(documentFormatOf("download", "text/html; charset=utf-8")).toBe("html");
    expect(documentFormatOf("report", "application/pdf")).toBe("pdf");
  });

  test("answers undefined for a format it does not read", () => {
    expect(documentFormatOf("sheet.xlsx")).toBeUndefined();
    expect(documentFormatOf("photo.png", "image/png")).toBeUndefined();
    expect(documentFormatOf("archive", "application/zip")).toBeUndefined();
  });
});

describe("reading each format", () => {
  test("Markdown: headings make the heading path, front matter gives the title, code fences are not headings", async () => {
    const markdown = [
      "---",
      'title: "Help centre"',
      "---",
      "# Pricing",
      "Plans are billed monthly.",
      "",
      "## Refunds",
      "Refunds take five days.",
      "",
      "```sh",
      "# not a heading",
      "```",
      "",
      "Shipping",
      "--------",
      "We ship worldwide.",
    ].join("\n");
    const result = await readDocument("markdown", utf8(markdown), limits);
    expect(result.ok && result.title).toBe("Help centre");
    expect(cited(result)).toEqual([
      { headingPath: ["Pricing"], page: undefined, text: "Plans are billed monthly." },
      {
        headingPath: ["Pricing", "Refunds"],
        page: undefined,
        text: "Refunds take five days.\n\n```sh\n# not a heading\n```",
      },
      { headingPath: ["Pricing", "Shipping"], page: undefined, text: "We ship worldwide." },
    ]);
  });

  test("HTML: the title, headings, and no script, style or navigation text", async () => {
    const html = `<!doctype html><html><head><title>Acme help</title><style>p { color: red }</style>
      <script>var secret = "SCRIPT-TEXT";</script></head><body>
      <nav><a href="/">Home</a> <a href="/pricing">NAV-TEXT</a></nav>
      <h1>Pricing</h1><p>Plans &amp; prices <script>document.write("INLINE-SCRIPT")</script>are monthly.</p>
      <noscript>NOSCRIPT-TEXT</noscript>
      <h2>Refunds</h2><ul><li>Within 30 days</li><li>Original payment method</li></ul>
      <table><tr><td>Basic</td><td>$5</td></tr></table></body></html>`;
    const result = await readDocument("html", utf8(html), limits);
    expect(result.ok && result.title).toBe("Acme help");
    expect(cited(result)).toEqual([
      { headingPath: ["Pricing"], page: undefined, text: "Plans & prices are monthly." },
      {
        headingPath: ["Pricing", "Refunds"],
        page: undefined,
        text: "Within 30 days\n\nOriginal payment method\n\nBasic $5",
      },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/SCRIPT-TEXT|INLINE-SCRIPT|NAV-TEXT|NOSCRIPT-TEXT|color/);
  });

  test("DOCX: heading styles make the heading path, the Title style the title", async () => {
    const docx = docxFile(
      documentXml([
        { text: "Employee handbook", style: "Title" },
        { text: "Introduction to the company." },
        { text: "Leave", style: "Heading1" },
        { text: "Parental leave", style: "Heading2" },
        { text: "Sixteen weeks, fully paid." },
        { text: "Holidays", style: "Heading1" },
        { text: "Twenty-five days a year." },
      ]),
    );
    const result = await readDocument("docx", docx, limits);
    expect(result.ok && result.title).toBe("Employee handbook");
    expect(cited(result)).toEqual([
      { headingPath: [], page: undefined, text: "Introduction to the company." },
      { headingPath: ["Leave", "Parental leave"], page: undefined, text: "Sixteen weeks, fully paid." },
      { headingPath: ["Holidays"], page: undefined, text: "Twenty-five days a year." },
    ]);
  });

  test("PDF: each chunk keeps its page number; the document's title and page count are read", async () => {
    const pdf = textPdf(
      [
        ["Warranty terms", "", "The warranty lasts two years."],
        ["Returns are accepted within thirty days."],
        ["Contact support by email."],
      ],
      { title: "Product manual" },
    );
    const result = await readDocument("pdf", pdf, limits);
    expect(result.ok && { title: result.title, pages: result.pages }).toEqual({ title: "Product manual", pages: 3 });
    expect(cited(result)).toEqual([
      { headingPath: [], page: 1, text: "Warranty terms\n\nThe warranty lasts two years." },
      { headingPath: [], page: 2, text: "Returns are accepted within thirty days." },
      { headingPath: [], page: 3, text: "Contact support by email." },
    ]);
  });

  test("plain text: UTF-8 with a BOM, Windows-1252 when it is not UTF-8, paragraphs at blank lines", async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Café opens at 9.\n\nClosed on Sundays.")]);
    expect(cited(await readDocument("text", withBom, limits))).toEqual([
      { headingPath: [], page: undefined, text: "Café opens at 9.\n\nClosed on Sundays." },
    ]);
    const legacy = new Uint8Array([...utf8("Caf"), 0xe9, ...utf8(" au lait")]);
    expect(cited(await readDocument("text", legacy, limits))).toEqual([
      { headingPath: [], page: undefined, text: "Café au lait" },
    ]);
  });

  test("binary data sent as text, and a document with no text, fail with a reason", async () => {
    expect(await readDocument("text", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), limits)).toEqual({
      ok: false,
      reason: "The file is not text: it contains binary data.",
    });
    expect(await readDocument("html", utf8("<script>only()</script>"), limits)).toEqual({
      ok: false,
      reason: "No text was found in the document (a scanned PDF would need OCR, which is not done).",
    });
  });

  test("a document over the text limit fails with the limit in its reason", async () => {
    const text = utf8("A sentence of about forty characters.\n\n".repeat(100));
    expect(await readDocument("text", text, { ...limits, maxTextChars: 1000 })).toEqual({
      ok: false,
      reason: "The document has more than 1,000 characters of text (the limit).",
    });
  });

  test("a document making more chunks than allowed fails with the limit in its reason", async () => {
    const markdown = Array.from({ length: 30 }, (_, index) => `## Section ${index}\n\nSome text.`).join("\n\n");
    expect(await readDocument("markdown", utf8(markdown), { ...limits, maxChunks: 20 })).toEqual({
      ok: false,
      reason: "The document makes more than 20 chunks of text (the limit); split it into smaller documents.",
    });
  });
});
