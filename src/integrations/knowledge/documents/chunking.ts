import type { DocumentChunk } from "./types.js";
import { DocumentRejected, reasons } from "./reasons.js";

/** A paragraph of a document's text with where it sits: the headings above it and, for PDFs, its page. */
export type Paragraph = { headingPath: string[]; page?: number; text: string };

/**
 * How documents are cut into chunks (the unit that search returns and a Knowledge answer cites):
 * - A chunk never spans two sections (a change of heading path) or two PDF pages, so each chunk has
 *   one heading path and one page to cite.
 * - Within a section, whole paragraphs are packed up to TARGET_CHARS (1,000); a chunk is closed before
 *   a paragraph that would take it over MAX_CHARS (1,200). A paragraph longer than that is cut at
 *   sentence ends (then at spaces, then anywhere) into pieces of at most MAX_CHARS.
 * - Consecutive chunks of the same section overlap by the previous chunk's last sentence when it is
 *   short (at most OVERLAP_CHARS, 200), so that an answer straddling the cut is found from either side.
 * - Ordinals count from 0 in document order: the same bytes always give the same chunks.
 * Sizes are in characters, not tokens: ~1,000 characters is ~250 tokens of English, which keeps several
 * chunks within any chat model's context and a chunk focused enough to rank well in full-text search.
 */
export const TARGET_CHARS = 1000;
export const MAX_CHARS = 1200;
export const OVERLAP_CHARS = 200;

export function chunkParagraphs(paragraphs: Paragraph[], maxChunks: number): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  const emit = (section: Paragraph, text: string) => {
    if (chunks.length >= maxChunks) throw new DocumentRejected(reasons.tooManyChunks(maxChunks));
    const page = section.page !== undefined ? { page: section.page } : {};
    chunks.push({ ordinal: chunks.length, headingPath: section.headingPath, ...page, text });
  };
  for (const section of sections(paragraphs)) {
    let parts: string[] = [];
    let length = 0;
    // Characters of this chunk's own text, the overlap carried from the chunk before left out.
    let own = 0;
    const add = (piece: string) => {
      length += (parts.length > 0 ? 2 : 0) + piece.length;
      parts.push(piece);
    };
    const cut = (next?: string) => {
      emit(section, parts.join("\n\n"));
      const overlap = lastSentence(parts[parts.length - 1]!);
      parts = [];
      length = 0;
      own = 0;
      if (overlap && next !== undefined && overlap.length + 2 + next.length <= MAX_CHARS) add(overlap);
    };
    const pieces = section.text.split("\n\n").flatMap(splitLong);
    pieces.forEach((piece, index) => {
      if (own > 0 && length + 2 + piece.length > MAX_CHARS) cut(piece);
      add(piece);
      own += piece.length;
      if (length >= TARGET_CHARS && index < pieces.length - 1) cut(pieces[index + 1]);
    });
    if (own > 0) emit(section, parts.join("\n\n"));
  }
  return chunks;
}

/** Consecutive paragraphs under the same headings (and on the same page) as one paragraph per section. */
function sections(paragraphs: Paragraph[]): Paragraph[] {
  const result: Paragraph[] = [];
  for (const paragraph of paragraphs) {
    const text = paragraph.text
      .replace(/[ \t\f\v\r\u00a0]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    if (text === "") continue;
    const last = result[result.length - 1];
    if (last && last.page === paragraph.page && samePath(last.headingPath, paragraph.headingPath))
      last.text += `\n\n${text}`;
    else result.push({ ...paragraph, text });
  }
  return result;
}

function samePath(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((heading, index) => heading === b[index]);
}

const SENTENCE_END = /(?<=[.!?。！？])\s+/;

/** A paragraph longer than MAX_CHARS in pieces: whole sentences where they fit, else words, else characters. */
export function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_CHARS) return [paragraph];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of paragraph.split(SENTENCE_END).flatMap((part) => splitAt(part, /\s+/))) {
    if (current !== "" && current.length + 1 + sentence.length > TARGET_CHARS) {
      pieces.push(current);
      current = "";
    }
    current = current === "" ? sentence : `${current} ${sentence}`;
  }
  if (current !== "") pieces.push(current);
  return pieces;
}

/** A part longer than MAX_CHARS cut at `separator`, and a word longer than that at MAX_CHARS. */
function splitAt(part: string, separator: RegExp): string[] {
  if (part.length <= MAX_CHARS) return [part];
  const words = part.split(separator).flatMap((word) => {
    const slices: string[] = [];
    for (let start = 0; start < word.length; start += MAX_CHARS) slices.push(word.slice(start, start + MAX_CHARS));
    return slices;
  });
  const pieces: string[] = [];
  let current = "";
  for (const word of words) {
    if (current !== "" && current.length + 1 + word.length > MAX_CHARS) {
      pieces.push(current);
      current = "";
    }
    current = current === "" ? word : `${current} ${word}`;
  }
  if (current !== "") pieces.push(current);
  return pieces;
}

/** The last sentence of a piece, when it is short enough to repeat at the start of the next chunk. */
function lastSentence(piece: string): string | undefined {
  const sentences = piece.split(SENTENCE_END);
  if (sentences.length < 2) return undefined;
  const last = sentences[sentences.length - 1]!;
  return last.length <= OVERLAP_CHARS ? last : undefined;
}
