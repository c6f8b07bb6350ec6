import type { RichTextNode } from "../../lib/types";

type Marks = { bold?: boolean; italic?: boolean; underline?: boolean };

const BLOCK_TAGS = new Set(["P", "DIV", "LI", "H1", "H2", "H3", "BLOCKQUOTE"]);

function marksOf(element: HTMLElement, marks: Marks): Marks {
  const next = { ...marks };
  const tag = element.tagName;
  if (tag === "B" || tag === "STRONG" || Number(element.style.fontWeight) >= 600 || element.style.fontWeight === "bold")
    next.bold = true;
  if (tag === "I" || tag === "EM" || element.style.fontStyle === "italic") next.italic = true;
  if (tag === "U" || element.style.textDecoration.includes("underline")) next.underline = true;
  return next;
}

function leaf(text: string, marks: Marks): RichTextNode {
  const node: RichTextNode = { text };
  if (marks.bold) node.bold = true;
  if (marks.italic) node.italic = true;
  if (marks.underline) node.underline = true;
  return node;
}

const sameMarks = (a: RichTextNode, b: RichTextNode) =>
  !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.underline === !!b.underline;

function merge(nodes: RichTextNode[]): RichTextNode[] {
  const merged: RichTextNode[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (last && typeof last.text === "string" && typeof node.text === "string" && sameMarks(last, node))
      merged[merged.length - 1] = { ...last, text: last.text + node.text };
    else merged.push(node);
  }
  return merged;
}

function inline(node: Node, marks: Marks, out: RichTextNode[]): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = (node.textContent ?? "").replace(/\u200b/g, "");
    if (text) out.push(leaf(text, marks));
    return;
  }
  if (!(node instanceof HTMLElement)) return;
  if (node.tagName === "BR") return;
  if (node.tagName === "A") {
    const children: RichTextNode[] = [];
    node.childNodes.forEach((child) => {
      inline(child, marks, children);
    });
    out.push({
      type: "a",
      url: node.getAttribute("href") ?? "",
      children: children.length ? merge(children) : [{ text: "" }],
    });
    return;
  }
  const next = marksOf(node, marks);
  node.childNodes.forEach((child) => {
    inline(child, next, out);
  });
}

const paragraph = (children: RichTextNode[]): RichTextNode => ({
  type: "p",
  children: children.length ? merge(children) : [{ text: "" }],
});

/** The editable area's DOM as rich text: one `p` per paragraph (block element or `<br>`-separated line). */
export function domToRichText(root: HTMLElement): RichTextNode[] {
  const paragraphs: RichTextNode[] = [];
  let pending: RichTextNode[] = [];
  let hasPending = false;
  const flush = () => {
    if (hasPending) paragraphs.push(paragraph(pending));
    pending = [];
    hasPending = false;
  };
  const walkBlock = (element: HTMLElement) => {
    let current: RichTextNode[] = [];
    element.childNodes.forEach((child) => {
      if (child instanceof HTMLElement && child.tagName === "BR") {
        // A trailing <br> only keeps an empty line open; inner ones split lines.
        if (child !== element.lastChild) {
          paragraphs.push(paragraph(current));
          current = [];
        }
      } else if (child instanceof HTMLElement && BLOCK_TAGS.has(child.tagName)) {
        if (current.length) paragraphs.push(paragraph(current));
        current = [];
        walkBlock(child);
      } else inline(child, marksOf(element, {}), current);
    });
    paragraphs.push(paragraph(current));
  };
  root.childNodes.forEach((child) => {
    if (child instanceof HTMLElement && BLOCK_TAGS.has(child.tagName)) {
      flush();
      walkBlock(child);
    } else if (child instanceof HTMLElement && child.tagName === "BR") {
      flush();
    } else {
      hasPending = true;
      inline(child, {}, pending);
    }
  });
  flush();
  return paragraphs.length ? paragraphs : [paragraph([])];
}
