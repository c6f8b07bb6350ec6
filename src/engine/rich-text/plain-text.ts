import { isInlineNode, isRichTextLeaf, type RichTextElement, type RichTextNode } from "./types.js";

/**
 * Rich text as bare text for transcripts and logs: one line per block (paragraph, list item),
 * marks dropped, links shown by their text (or their URL when the text is empty).
 */
export function richTextToPlainText(elements: readonly RichTextNode[]): string {
  return plainLines(elements).join("\n");
}

function plainLines(nodes: readonly RichTextNode[]): string[] {
  const lines: string[] = [];
  let inline: RichTextNode[] = [];
  const flushInline = () => {
    if (inline.length > 0) lines.push(inlineText(inline));
    inline = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      inline.push(node);
      continue;
    }
    flushInline();
    const element = node as RichTextElement;
    if (element.children.every(isInlineNode)) lines.push(inlineText(element.children));
    else lines.push(...plainLines(element.children));
  }
  flushInline();
  return lines;
}

function inlineText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if (isRichTextLeaf(node)) return node.text;
      const text = inlineText(node.children);
      return text === "" && typeof node.url === "string" ? node.url : text;
    })
    .join("");
}
