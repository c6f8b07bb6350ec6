/** The worker thread of the minimal document reader (index.ts): text, Markdown and HTML into passages. */
import { parentPort, workerData } from "node:worker_threads";
import type { DocumentChunk, DocumentFormat, DocumentLimits, ParsedDocument } from "./index.js";

const PASSAGE_CHARS = 1000;

type Block = { headingPath: string[]; text: string };

function markdownBlocks(source: string): { title?: string; blocks: Block[] } {
  const path: string[] = [];
  const blocks: Block[] = [];
  let title: string | undefined;
  for (const paragraph of source.split(/\n\s*\n/)) {
    const lines: string[] = [];
    for (const line of paragraph.split("\n")) {
      const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) {
        lines.push(line);
        continue;
      }
      if (lines.length) blocks.push({ headingPath: [...path], text: lines.splice(0).join("\n") });
      const level = heading[1]!.length;
      path.length = Math.min(path.length, level - 1);
      path.push(heading[2]!);
      if (level === 1 && title === undefined) title = heading[2];
    }
    if (lines.join("").trim()) blocks.push({ headingPath: [...path], text: lines.join("\n") });
  }
  return { title, blocks };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML as Markdown-ish text: scripts, styles and comments dropped, headings kept, tags removed. */
function htmlToMarkdown(html: string): { title?: string; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|noscript|template|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(
      /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi,
      (_, level: string, inner: string) =>
        `\n\n${"#".repeat(Number(level))} ${inner.replace(/<[^>]*>/g, "").trim()}\n\n`,
    )
    .replace(/<\/(p|div|li|tr|section|article|br)\s*>|<br\s*\/?>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) =>
      name.startsWith("#x")
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16) || 32)
        : name.startsWith("#")
          ? String.fromCodePoint(Number(name.slice(1)) || 32)
          : (ENTITIES[name.toLowerCase()] ?? entity),
    );
  return { title: title || undefined, text };
}

/** Consecutive paragraphs under the same headings joined into passages of about PASSAGE_CHARS. */
function passages(blocks: Block[]): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  let current: Block | undefined;
  const flush = () => {
    if (current?.text.trim())
      chunks.push({ ordinal: chunks.length, headingPath: current.headingPath, text: current.text.trim() });
    current = undefined;
  };
  for (const block of blocks) {
    const text = block.text.replace(/[ \t]+/g, " ").trim();
    if (!text) continue;
    const sameHeadings = current && current.headingPath.join("\u0000") === block.headingPath.join("\u0000");
    if (current && sameHeadings && current.text.length + text.length < PASSAGE_CHARS) current.text += `\n\n${text}`;
    else {
      flush();
      for (let start = 0; start < text.length; start += PASSAGE_CHARS) {
        if (start > 0) flush();
        current = { headingPath: block.headingPath, text: text.slice(start, start + PASSAGE_CHARS) };
      }
    }
  }
  flush();
  return chunks;
}

function parse(input: { format: DocumentFormat; bytes: Uint8Array }, limits: DocumentLimits): ParsedDocument {
  if (input.format !== "text" && input.format !== "markdown" && input.format !== "html")
    return { ok: false, reason: `This server does not read ${input.format.toUpperCase()} documents yet.` };
  const decoded = new TextDecoder("utf-8").decode(input.bytes);
  if (decoded.length > limits.maxTextChars)
    return { ok: false, reason: `The document's text is longer than ${limits.maxTextChars} characters (the limit).` };
  const html = input.format === "html" ? htmlToMarkdown(decoded) : undefined;
  const { title, blocks } =
    input.format === "text"
      ? { title: undefined, blocks: decoded.split(/\n\s*\n/).map((text) => ({ headingPath: [], text })) }
      : markdownBlocks(html?.text ?? decoded);
  const chunks = passages(blocks);
  if (chunks.length > limits.maxChunks)
    return { ok: false, reason: `The document has more than ${limits.maxChunks} passages (the limit).` };
  if (chunks.length === 0) return { ok: false, reason: "The document has no text." };
  return { ok: true, title: html?.title ?? title, chunks };
}

const { input, limits } = workerData as {
  input: { format: DocumentFormat; bytes: Uint8Array };
  limits: DocumentLimits;
};
try {
  parentPort?.postMessage(parse(input, limits));
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    reason: `The document could not be read: ${error instanceof Error ? error.message : String(error)}`,
  });
}
