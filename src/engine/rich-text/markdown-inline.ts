import { isRichTextLeaf, type RichTextLeaf, type RichTextNode } from "./types.js";

/**
 * Inline markdown (one paragraph's text) to rich-text leaves and links. Covers what chat values
 * use: `**bold**`/`__bold__`, `*italic*`/`_italic_`, `` `code` ``, `[text](url)`, `<url>`
 * autolinks and backslash escapes. Emphasis follows CommonMark's delimiter-run rules.
 */
export function parseInlineMarkdown(text: string): RichTextNode[] {
  const nodes = toNodes(processEmphasis(scan(text, true)), {});
  return nodes.length > 0 ? nodes : [{ text: "" }];
}

type Marks = { bold?: true; italic?: true };
type Delimiter = {
  kind: "delim";
  char: "*" | "_";
  /** Delimiters still unused; `length` is the run's original size, which the rule of 3 needs. */
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
};
type Item =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | Delimiter
  | { kind: "mark"; mark: "bold" | "italic"; children: Item[] }
  | { kind: "link"; url: string; children: Item[] };

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y;

function scan(src: string, allowLinks: boolean): Item[] {
  const items: Item[] = [];
  // Plain text is taken as slices of `src` (from `textStart` on), never appended a character at a
  // time: that made a string and some garbage per character, the largest cost on long values.
  let buffer = "";
  let textStart = 0;
  const flush = (end: number) => {
    const text = buffer + src.slice(textStart, end);
    if (text) items.push({ kind: "text", text });
    buffer = "";
  };
  const unclosedRuns = new Set<number>();
  let i = 0;
  while (i < src.length) {
    const char = src[i];
    if (char === "\\" && i + 1 < src.length && (ASCII_PUNCTUATION.test(src[i + 1]) || src[i + 1] === "\n")) {
      buffer += src.slice(textStart, i) + src[i + 1];
      i += 2;
      textStart = i;
    } else if (char === "`") {
      const run = runLength(src, i, "`");
      const close = unclosedRuns.has(run) ? -1 : findBacktickRun(src, i + run, run);
      if (close < 0) {
        // No closing run of this length further on either: remember it to stay linear. It stays text.
        unclosedRuns.add(run);
        i += run;
        continue;
      }
      flush(i);
      items.push({ kind: "code", text: trimCodeSpan(src.slice(i + run, close)) });
      i = close + run;
      textStart = i;
    } else if (char === "*" || char === "_") {
      const run = runLength(src, i, char);
      flush(i);
      items.push(delimiter(src, i, run, char));
      i += run;
      textStart = i;
    } else if (char === "[" && allowLinks) {
      const link = readLink(src, i);
      if (!link) {
        i += 1;
        continue;
      }
      flush(i);
      items.push({ kind: "link", url: link.url, children: processEmphasis(scan(link.label, false)) });
      i = link.end;
      textStart = i;
    } else if (char === "<" && allowLinks) {
      const url = autolinkAt(src, i);
      if (url === undefined) {
        i += 1;
        continue;
      }
      flush(i);
      items.push({ kind: "link", url, children: [{ kind: "text", text: url }] });
      i += url.length + 2;
      textStart = i;
    } else i += 1;
  }
  flush(i);
  return items;
}

function autolinkAt(src: string, index: number): string | undefined {
  AUTOLINK.lastIndex = index;
  return AUTOLINK.exec(src)?.[1];
}

function runLength(src: string, start: number, char: string): number {
  let end = start;
  while (src[end] === char) end += 1;
  return end - start;
}

function findBacktickRun(src: string, from: number, length: number): number {
  for (let i = from; i < src.length; ) {
    if (src[i] !== "`") {
      i += 1;
      continue;
    }
    const run = runLength(src, i, "`");
    if (run === length) return i;
    i += run;
  }
  return -1;
}

function trimCodeSpan(code: string): string {
  const flat = code.replace(/\n/g, " ");
  const padded = flat.length > 1 && flat.startsWith(" ") && flat.endsWith(" ") && flat.trim() !== "";
  return padded ? flat.slice(1, -1) : flat;
}

function delimiter(src: string, start: number, length: number, char: "*" | "_"): Delimiter {
  const before = charBefore(src, start);
  const after = charAt(src, start + length);
  const beforeSpace = WHITESPACE.test(before);
  const afterSpace = WHITESPACE.test(after);
  const beforePunct = PUNCTUATION.test(before);
  const afterPunct = PUNCTUATION.test(after);
  const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  // `_` may not open or close inside a word (snake_case stays text).
  const canOpen = char === "*" ? left : left && (!right || beforePunct);
  const canClose = char === "*" ? right : right && (!left || afterPunct);
  return { kind: "delim", char, count: length, length, canOpen, canClose };
}

// String edges count as whitespace for flanking rules.
function charBefore(src: string, index: number): string {
  if (index <= 0) return " ";
  const low = src.charCodeAt(index - 1);
  const isPair = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return isPair ? src.slice(index - 2, index) : src[index - 1];
}

function charAt(src: string, index: number): string {
  if (index >= src.length) return " ";
  return String.fromCodePoint(src.codePointAt(index) ?? 32);
}

// Link labels are capped (as CommonMark caps reference labels) so a run of "[" stays linear.
const MAX_LABEL_LENGTH = 1000;
const LINK_DESTINATION =
  /[ \t\n]*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))(?:[ \t\n]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t\n]*\)/y;

function readLink(src: string, start: number): { label: string; url: string; end: number } | undefined {
  const limit = Math.min(src.length, start + MAX_LABEL_LENGTH);
  let depth = 0;
  let i = start;
  for (; i < limit; i += 1) {
    if (src[i] === "\\") i += 1;
    else if (src[i] === "[") depth += 1;
    else if (src[i] === "]" && --depth === 0) break;
  }
  if (i >= limit || src[i + 1] !== "(") return undefined;
  LINK_DESTINATION.lastIndex = i + 2;
  const destination = LINK_DESTINATION.exec(src);
  if (!destination) return undefined;
  const url = (destination[1] ?? destination[2] ?? "").replace(/\\([!-/:-@[-`{-~])/g, "$1");
  return { label: src.slice(start + 1, i), url, end: LINK_DESTINATION.lastIndex };
}

type Cell = { item: Item; position: number; prev: Cell | undefined; next: Cell | undefined };

/**
 * CommonMark's "process emphasis" over a linked list, so each match costs only what it wraps, and
 * with per-kind search floors, so unmatched closers are not searched again: values come from end
 * users and must not be able to stall the engine.
 */
function processEmphasis(items: Item[]): Item[] {
  const head: Cell = { item: { kind: "text", text: "" }, position: -1, prev: undefined, next: undefined };
  let tail = head;
  items.forEach((item, position) => {
    const cell: Cell = { item, position, prev: tail, next: undefined };
    tail.next = cell;
    tail = cell;
  });
  const floors = new Map<string, number>();
  let current = head.next;
  while (current) {
    const closer = current.item;
    if (closer.kind !== "delim" || !closer.canClose) {
      current = current.next;
      continue;
    }
    const floorKey = `${closer.char}${closer.canOpen ? 1 : 0}${closer.length % 3}`;
    const floor = floors.get(floorKey) ?? -1;
    let opener = current.prev;
    while (opener && opener.position > floor && !canPair(opener.item, closer)) opener = opener.prev;
    if (!opener || opener.position <= floor) {
      floors.set(floorKey, current.prev?.position ?? -1);
      current = current.next;
      continue;
    }
    current = wrap(opener, current);
  }
  const result: Item[] = [];
  for (let cell = head.next; cell; cell = cell.next) result.push(cell.item);
  return result;
}

function canPair(candidate: Item, closer: Delimiter): boolean {
  if (candidate.kind !== "delim" || candidate.char !== closer.char || !candidate.canOpen || candidate.count === 0) {
    return false;
  }
  // The "rule of 3" keeps `*foo**bar*` from pairing the wrong runs.
  const bothWays = candidate.canClose || closer.canOpen;
  const sumIsMultipleOf3 = (candidate.length + closer.length) % 3 === 0;
  const eachIsMultipleOf3 = candidate.length % 3 === 0 && closer.length % 3 === 0;
  return !(bothWays && sumIsMultipleOf3 && !eachIsMultipleOf3);
}

/** Wraps what lies between the two runs in a mark; returns the cell to look at next. */
function wrap(openerCell: Cell, closerCell: Cell): Cell | undefined {
  const opener = openerCell.item as Delimiter;
  const closer = closerCell.item as Delimiter;
  const used = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
  opener.count -= used;
  closer.count -= used;
  const children: Item[] = [];
  for (let cell = openerCell.next; cell && cell !== closerCell; cell = cell.next) children.push(cell.item);
  const mark: Cell = {
    item: { kind: "mark", mark: used === 2 ? "bold" : "italic", children },
    position: closerCell.position - 0.5,
    prev: openerCell,
    next: closerCell,
  };
  openerCell.next = mark;
  closerCell.prev = mark;
  if (opener.count === 0) unlink(openerCell);
  if (closer.count > 0) return closerCell;
  unlink(closerCell);
  return closerCell.next;
}

function unlink(cell: Cell): void {
  if (cell.prev) cell.prev.next = cell.next;
  if (cell.next) cell.next.prev = cell.prev;
}

// Iterative so that deeply nested emphasis cannot exhaust the call stack.
function toNodes(items: Item[], marks: Marks): RichTextNode[] {
  const nodes: RichTextNode[] = [];
  const stack = [{ items, index: 0, marks }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index >= frame.items.length) {
      stack.pop();
      continue;
    }
    const item = frame.items[frame.index];
    frame.index += 1;
    if (item.kind === "text") pushLeaf(nodes, { ...frame.marks, text: item.text });
    else if (item.kind === "delim") {
      if (item.count > 0) pushLeaf(nodes, { ...frame.marks, text: item.char.repeat(item.count) });
    } else if (item.kind === "code") pushLeaf(nodes, { ...frame.marks, code: true, text: item.text });
    else if (item.kind === "mark") {
      stack.push({ items: item.children, index: 0, marks: { ...frame.marks, [item.mark]: true } });
    } else {
      // Link labels hold no links, so this recursion is one level deep.
      const children = toNodes(item.children, frame.marks);
      nodes.push({ type: "a", url: item.url, children: children.length > 0 ? children : [{ text: "" }] });
    }
  }
  return nodes;
}

// Neighbouring leaves with the same marks become one, as an editor would store them.
function pushLeaf(nodes: RichTextNode[], leaf: RichTextLeaf): void {
  const previous = nodes[nodes.length - 1];
  if (previous && isRichTextLeaf(previous) && sameMarks(previous, leaf)) {
    nodes[nodes.length - 1] = { ...previous, text: previous.text + leaf.text };
    return;
  }
  nodes.push(leaf);
}

function sameMarks(a: RichTextLeaf, b: RichTextLeaf): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.code === b.code;
}
