import type { DocumentLimits } from "./types.js";
import { DocumentRejected, reasons } from "./reasons.js";
import type { Paragraph } from "./chunking.js";

/** What a format's reader finds in a document, before chunking. */
export type ExtractedText = { title?: string; pages?: number; paragraphs: Paragraph[] };

/**
 * The paragraphs a reader collects, counted as they come: past `maxTextChars` the read stops at once
 * (before a hostile document's text fills the worker's memory).
 */
export class ParagraphCollector {
  readonly paragraphs: Paragraph[] = [];
  private chars = 0;

  constructor(private readonly limits: Pick<DocumentLimits, "maxTextChars">) {}

  add(headingPath: string[], text: string, page?: number): void {
    const trimmed = text.trim();
    if (trimmed === "") return;
    this.chars += trimmed.length;
    if (this.chars > this.limits.maxTextChars)
      throw new DocumentRejected(reasons.tooManyChars(this.limits.maxTextChars));
    this.paragraphs.push(page === undefined ? { headingPath, text: trimmed } : { headingPath, page, text: trimmed });
  }
}

/** A heading's text as cited: one line, single spaces. */
export const headingText = (text: string) => text.replace(/\s+/g, " ").trim();

/** The heading path after a heading of `level` (1–6): deeper headings closed, shallower kept. */
export function enterHeading(levels: { level: number; text: string }[], level: number, text: string): string[] {
  while (levels.length > 0 && levels[levels.length - 1]!.level >= level) levels.pop();
  levels.push({ level, text });
  return levels.map((heading) => heading.text);
}
