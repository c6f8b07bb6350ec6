import { getDocumentProxy } from "unpdf";
import type { DocumentLimits } from "./types.js";
import { type ExtractedText, headingText, ParagraphCollector } from "./extracted.js";
import { DocumentRejected, reasons } from "./reasons.js";

type TextItem = { str: string; transform: number[]; height: number; hasEOL: boolean };

/**
 * PDF, with PDF.js (through unpdf's bundled build: no canvas, no worker of its own, no font or CMap
 * downloads). A document declaring more than `maxPages` pages fails before any page is read, so a
 * tiny file with a million-page tree costs nothing; pages are read one at a time, each one's text
 * counted against `maxTextChars`. Lines further apart than 1.5 line heights start a new paragraph.
 * PDFs carry no reliable headings, so chunks have an empty heading path and their page number.
 */
export async function readPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<ExtractedText> {
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).catch((error: unknown) => {
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") throw new DocumentRejected(reasons.passwordProtected());
    throw new DocumentRejected(reasons.unreadable("PDF", errorDetail(error)));
  });
  try {
    if (pdf.numPages > limits.maxPages) throw new DocumentRejected(reasons.tooManyPages(limits.maxPages));
    const collector = new ParagraphCollector(limits);
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const paragraph of pageParagraphs(content.items as TextItem[])) collector.add([], paragraph, number);
      page.cleanup();
    }
    const info = (await pdf.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === "string" ? headingText(info.Title) : "";
    return { ...(title ? { title } : {}), pages: pdf.numPages, paragraphs: collector.paragraphs };
  } finally {
    await pdf.destroy();
  }
}

function pageParagraphs(items: TextItem[]): string[] {
  const paragraphs: string[] = [];
  let current = "";
  let lastY: number | undefined;
  let lineHeight = 0;
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.abs(item.transform[3] ?? 0) || lineHeight;
    if (lastY !== undefined && Math.abs(lastY - y) > 1.5 * Math.max(lineHeight, height, 1) && current.trim() !== "") {
      paragraphs.push(current);
      current = "";
    } else if (lastY !== undefined && lastY !== y && !/\s$/.test(current)) current += " ";
    current += item.str;
    if (item.hasEOL) current += "\n";
    if (item.str.trim() !== "") {
      lastY = y;
      lineHeight = height;
    }
  }
  if (current.trim() !== "") paragraphs.push(current);
  return paragraphs;
}

function errorDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\.$/, "").slice(0, 200) || "no detail";
}
