import type { DocumentLimits } from "./types.js";
import { enterHeading, type ExtractedText, headingText, ParagraphCollector } from "./extracted.js";
import { DocumentRejected, reasons } from "./reasons.js";

/** Text files: UTF-8 (with or without a BOM), UTF-16 with a BOM, else Windows-1252 (the usual legacy one). */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes);
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
  }
  if (text.includes("\u0000")) throw new DocumentRejected(reasons.notText());
  return text;
}

/** Plain text: paragraphs are separated by blank lines; no headings. */
export function readPlainText(bytes: Uint8Array, limits: DocumentLimits): ExtractedText {
  const collector = new ParagraphCollector(limits);
  for (const paragraph of decodeText(bytes).split(/\r?\n\s*\r?\n/)) collector.add([], paragraph);
  return { paragraphs: collector.paragraphs };
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/;

/**
 * Markdown: ATX (`## Refunds`) and setext headings give the heading path; fenced code is kept as text
 * (a `#` in it is no heading); YAML front matter's `title:` is the title, else the first level-1 heading.
 * Inline markup is kept: full-text search reads through it, and a chat model reads Markdown well.
 */
export function readMarkdown(bytes: Uint8Array, limits: DocumentLimits): ExtractedText {
  const collector = new ParagraphCollector(limits);
  let lines = decodeText(bytes).split(/\r?\n/);
  let title: string | undefined;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, index) => index > 0 && /^(---|\.\.\.)\s*$/.test(line));
    if (end > 0) {
      const titleLine = lines.slice(1, end).find((line) => /^title:\s*/.test(line));
      if (titleLine)
        title = headingText(titleLine.replace(/^title:\s*/, "").replace(/^(["'])(.*)\1$/, "$2")) || undefined;
      lines = lines.slice(end + 1);
    }
  }
  const levels: { level: number; text: string }[] = [];
  let path: string[] = [];
  let paragraph: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    collector.add(path, paragraph.join("\n"));
    paragraph = [];
  };
  const heading = (level: number, text: string) => {
    flush();
    const cited = headingText(text.replace(/[*_`]/g, ""));
    if (cited === "") return;
    if (level === 1 && title === undefined) title = cited;
    path = enterHeading(levels, level, cited);
  };
  for (const line of lines) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      paragraph.push(line);
      if (fenceMark?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      paragraph.push(line);
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      heading(atx[1]!.length, atx[2]!);
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    if (underline && paragraph.length === 1 && paragraph[0]!.trim() !== "") {
      const text = paragraph[0]!;
      paragraph = [];
      heading(underline[1]!.startsWith("=") ? 1 : 2, text);
      continue;
    }
    if (line.trim() === "") flush();
    else if (!/^\s*<!--.*-->\s*$/.test(line)) paragraph.push(line);
  }
  flush();
  return { ...(title !== undefined ? { title } : {}), paragraphs: collector.paragraphs };
}
