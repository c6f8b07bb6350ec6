import { parseInlineMarkdown } from "./markdown-inline.js";
import type { RichTextElement } from "./types.js";

/**
 * Markdown to rich-text blocks: paragraphs, `-`/`*`/`+` and `1.` lists (nested by indentation),
 * inline marks and links. A single newline stays a "\n" inside the paragraph; every blank line
 * between two blocks becomes an empty paragraph, which is how the editor stores vertical space.
 * Headings, quotes and code blocks are not interpreted: their text is kept as written.
 */
export function markdownToRichText(markdown: string): RichTextElement[] {
  return isPlainLine(markdown) ? [{ type: "p", children: [{ text: markdown }] }] : parseMarkdown(markdown);
}

/** The full reading, which `markdownToRichText` skips for plain lines (exported to prove they agree). */
export function parseMarkdown(markdown: string): RichTextElement[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: RichTextElement[] = [];
  let blankLines = 0;
  let index = 0;
  while (index < lines.length) {
    if (isBlank(lines[index])) {
      blankLines += 1;
      index += 1;
      continue;
    }
    if (blocks.length > 0) for (let i = 0; i < blankLines; i += 1) blocks.push(emptyParagraph());
    blankLines = 0;
    if (matchListItem(lines[index])) {
      const list = readList(lines, index);
      blocks.push(...list.elements);
      index = list.next;
      continue;
    }
    const start = index;
    index += 1;
    while (index < lines.length && !isBlank(lines[index]) && !interruptsParagraph(lines[index])) index += 1;
    blocks.push({ type: "p", children: parseInlineMarkdown(joinParagraphLines(lines.slice(start, index))) });
  }
  return blocks;
}

// Most values a visitor types (a name, a number, an e-mail address) hold nothing markdown reads.
const PLAIN_LINE = /^[\p{L}\p{N}][\p{L}\p{N} ,.'?@:;()/-]*$/u;

/** One line of plain words: its own paragraph as it is, without running the parsers. */
function isPlainLine(text: string): boolean {
  return text.length <= 200 && PLAIN_LINE.test(text) && text.trimEnd() === text && !matchListItem(text);
}

export function emptyParagraph(): RichTextElement {
  return { type: "p", children: [{ text: "" }] };
}

type ListItemMatch = { indent: number; ordered: boolean; start: number; contentIndent: number; content: string };
type ItemBuild = { lines: string[]; contentIndent: number; lists: ListBuild[] };
type ListBuild = { ordered: boolean; items: ItemBuild[] };

// Deeper indentation is read as a sibling, which bounds recursion over the result.
const MAX_LIST_DEPTH = 10;
const LIST_ITEM = /^( *)([-+*]|(\d{1,9})[.)])(?:( +)(.*))?$/;

function matchListItem(line: string): ListItemMatch | undefined {
  const match = line.match(LIST_ITEM);
  if (!match) return undefined;
  const indent = match[1].length;
  const marker = match[2];
  const spacing = match[4]?.length ?? 1;
  return {
    indent,
    ordered: match[3] !== undefined,
    start: match[3] === undefined ? 1 : Number(match[3]),
    // Five or more spaces after the marker would start indented code; count them as one.
    contentIndent: indent + marker.length + (spacing > 4 ? 1 : spacing),
    content: match[5] ?? "",
  };
}

// As in CommonMark, an ordered item interrupts a paragraph only when it starts at 1, and an
// empty item never does ("2024. Great" inside a sentence is not a list).
function interruptsParagraph(line: string): boolean {
  const item = matchListItem(line);
  return item !== undefined && item.content.trim() !== "" && (!item.ordered || item.start === 1);
}

function readList(lines: string[], start: number): { elements: RichTextElement[]; next: number } {
  const roots: ListBuild[] = [];
  // Path from a root list down to the list that received the latest item.
  let path: ListBuild[] = [];
  let index = start;
  for (; index < lines.length; index += 1) {
    const line = lines[index];
    if (isBlank(line)) {
      // Blank lines between items keep the list going (a "loose" list); anything else ends it.
      let nextFilled = index + 1;
      while (nextFilled < lines.length && isBlank(lines[nextFilled])) nextFilled += 1;
      if (nextFilled >= lines.length || !matchListItem(lines[nextFilled])) break;
      index = nextFilled - 1;
      continue;
    }
    const item = matchListItem(line);
    if (!item) {
      lastItem(path)?.lines.push(line);
      continue;
    }
    path = placeItem(roots, path, item);
  }
  return { elements: roots.map(toListElement), next: index };
}

function placeItem(roots: ListBuild[], currentPath: ListBuild[], item: ListItemMatch): ListBuild[] {
  const path = [...currentPath];
  const build: ItemBuild = { lines: [item.content], contentIndent: item.contentIndent, lists: [] };
  while (path.length > 0) {
    const parentItem = lastItem(path);
    if (parentItem && item.indent >= parentItem.contentIndent && path.length < MAX_LIST_DEPTH) {
      const nested: ListBuild = { ordered: item.ordered, items: [build] };
      parentItem.lists.push(nested);
      return [...path, nested];
    }
    const list = path[path.length - 1];
    const outer = path.length >= 2 ? lastItemOf(path[path.length - 2]) : undefined;
    if (!outer || item.indent >= outer.contentIndent) {
      if (list.ordered === item.ordered) {
        list.items.push(build);
        return path;
      }
      // A different marker kind starts a new list at the same level.
      const sibling: ListBuild = { ordered: item.ordered, items: [build] };
      (outer ? outer.lists : roots).push(sibling);
      return [...path.slice(0, -1), sibling];
    }
    path.pop();
  }
  const root: ListBuild = { ordered: item.ordered, items: [build] };
  roots.push(root);
  return [root];
}

function lastItem(path: ListBuild[]): ItemBuild | undefined {
  const list = path[path.length - 1];
  return list ? lastItemOf(list) : undefined;
}

function lastItemOf(list: ListBuild): ItemBuild | undefined {
  return list.items[list.items.length - 1];
}

function toListElement(list: ListBuild): RichTextElement {
  return {
    type: list.ordered ? "ol" : "ul",
    children: list.items.map((item) => ({
      type: "li",
      children: [
        { type: "lic", children: parseInlineMarkdown(joinParagraphLines(item.lines)) },
        ...item.lists.map(toListElement),
      ],
    })),
  };
}

// Leading indentation and trailing spaces carry no text; a trailing backslash is a hard break,
// which like a soft break becomes "\n".
function joinParagraphLines(lines: string[]): string {
  return lines
    .map((line, i) => {
      const trimmed = line.trim();
      return i < lines.length - 1 && trimmed.endsWith("\\") && !trimmed.endsWith("\\\\")
        ? trimmed.slice(0, -1)
        : trimmed;
    })
    .join("\n");
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}
