import { isInlineNode, isRichTextLeaf, LIST_TYPES, type RichTextElement, type RichTextNode } from "./types.js";

/**
 * Rich text to CommonMark for `textBubbleContentFormat: "markdown"`: one line per paragraph (an
 * empty paragraph gives a blank line), `**bold**`, `_italic_`, `` `code` ``, `[text](url)` or the
 * bare URL, `- ` / `1. ` lists. Text is written as is, without escaping; underline has no
 * markdown form and is dropped.
 */
export function richTextToMarkdown(elements: readonly RichTextNode[]): string {
  return blockLines(elements).join("\n");
}

function blockLines(nodes: readonly RichTextNode[]): string[] {
  const lines: string[] = [];
  let inline: RichTextNode[] = [];
  let previousWasList = false;
  const flushInline = () => {
    if (inline.length > 0) lines.push(inlineMarkdown(inline));
    inline = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      inline.push(node);
      continue;
    }
    flushInline();
    const element = node as RichTextElement;
    const isList = LIST_TYPES.has(element.type);
    // Two lists in a row need a blank line, or a markdown reader merges them.
    if (isList && previousWasList) lines.push("");
    previousWasList = isList;
    lines.push(...elementLines(element));
  }
  flushInline();
  return lines;
}

function elementLines(element: RichTextElement): string[] {
  if (LIST_TYPES.has(element.type)) return listLines(element);
  const heading = element.type.match(/^h([1-6])$/);
  const content = element.children.every(isInlineNode)
    ? [inlineMarkdown(element.children)]
    : blockLines(element.children);
  if (heading && content.length > 0) content[0] = `${"#".repeat(Number(heading[1]))} ${content[0]}`;
  return content;
}

function listLines(list: RichTextElement): string[] {
  const lines: string[] = [];
  list.children.forEach((item, index) => {
    const marker = list.type === "ol" ? `${index + 1}. ` : "- ";
    const indent = " ".repeat(marker.length);
    const content = isRichTextLeaf(item) ? [inlineMarkdown([item])] : itemLines(item);
    const [first = "", ...rest] = content.join("\n").split("\n");
    lines.push(marker + first, ...rest.map((line) => (line === "" ? "" : indent + line)));
  });
  return lines;
}

function itemLines(item: RichTextElement): string[] {
  const lines: string[] = [];
  for (const child of item.children) {
    if (isRichTextLeaf(child)) lines.push(inlineMarkdown([child]));
    else lines.push(...elementLines(child));
  }
  return lines;
}

type Mark = "bold" | "italic" | "code";
const MARK_ORDER: readonly Mark[] = ["bold", "italic", "code"];
const DELIMITERS: Record<Mark, string> = { bold: "**", italic: "_", code: "`" };

/**
 * Marks are opened and closed like nested tags so `**a _b_**` stays one bold run. Whitespace at the
 * edge of a marked run is moved outside the delimiters, where CommonMark needs it to be.
 */
function inlineMarkdown(nodes: readonly RichTextNode[]): string {
  let output = "";
  let open: Mark[] = [];
  let pendingSpace = "";
  const closeFrom = (depth: number) => {
    for (let i = open.length - 1; i >= depth; i -= 1) output += DELIMITERS[open[i]];
    open = open.slice(0, depth);
  };
  for (const node of nodes) {
    if (!isRichTextLeaf(node)) {
      closeFrom(0);
      output += pendingSpace + linkMarkdown(node);
      pendingSpace = "";
      continue;
    }
    const { leading, core, trailing } = splitEdgeSpace(node.text);
    if (core === "") {
      pendingSpace += node.text;
      continue;
    }
    const wanted = MARK_ORDER.filter((mark) => node[mark] === true);
    closeFrom(marksToKeep(open, wanted));
    output += pendingSpace + leading;
    for (const mark of wanted) {
      if (open.includes(mark)) continue;
      output += DELIMITERS[mark];
      open.push(mark);
    }
    output += core;
    pendingSpace = trailing;
  }
  closeFrom(0);
  return output + pendingSpace;
}

/**
 * The whitespace at either edge of a text and what lies between. trimStart/trimEnd remove exactly what
 * `\s` matches; the regular expression this replaces (a lazy middle before `\s*$`) went back over every
 * whitespace run inside the text once per character before it, quadratic on a long run of spaces.
 */
function splitEdgeSpace(text: string): { leading: string; core: string; trailing: string } {
  const core = text.trim();
  if (core === "") return { leading: text, core, trailing: "" };
  const leadingLength = text.length - text.trimStart().length;
  return {
    leading: text.slice(0, leadingLength),
    core,
    trailing: text.slice(leadingLength + core.length),
  };
}

// Open marks stay open while still wanted, except code, which cannot hold other marks.
function marksToKeep(open: readonly Mark[], wanted: readonly Mark[]): number {
  const stillWanted = open.findIndex((mark) => !wanted.includes(mark));
  const keep = stillWanted < 0 ? open.length : stillWanted;
  const code = open.indexOf("code");
  const opensMore = wanted.some((mark) => !open.slice(0, keep).includes(mark));
  return code >= 0 && code < keep && opensMore ? code : keep;
}

function linkMarkdown(link: RichTextElement): string {
  const text = inlineMarkdown(link.children);
  const url = typeof link.url === "string" ? link.url : "";
  if (!url) return text;
  const plain = link.children.map((child) => (isRichTextLeaf(child) ? child.text : "")).join("");
  return text === "" || plain === url ? url : `[${text}](${url})`;
}
