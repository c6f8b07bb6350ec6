import {
  isInlineNode,
  isRichTextLeaf,
  LIST_TYPES,
  type RichTextElement,
  type RichTextNode,
} from "../../engine/rich-text/types.js";

/** How one app writes marks and links; `escape` makes bare text safe in its format. */
export type TextStyle = {
  escape(text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strike(text: string): string;
  code(text: string): string;
  link(text: string, url: string): string;
};

/** Rich text as one app's formatted text: a line per paragraph, `1. ` and `• ` lists. */
export function renderRichText(nodes: readonly RichTextNode[], style: TextStyle): string {
  return blockLines(nodes, style).join("\n");
}

function blockLines(nodes: readonly RichTextNode[], style: TextStyle): string[] {
  const lines: string[] = [];
  let inline: RichTextNode[] = [];
  const flush = () => {
    if (inline.length > 0) lines.push(inlineText(inline, style));
    inline = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      inline.push(node);
      continue;
    }
    flush();
    const element = node as RichTextElement;
    if (LIST_TYPES.has(element.type)) lines.push(...listLines(element, style));
    else if (element.children.every(isInlineNode)) lines.push(inlineText(element.children, style));
    else lines.push(...blockLines(element.children, style));
  }
  flush();
  return lines;
}

function listLines(list: RichTextElement, style: TextStyle): string[] {
  return list.children.flatMap((item, index) => {
    const marker = list.type === "ol" ? `${index + 1}. ` : "• ";
    const [first = "", ...rest] = isRichTextLeaf(item) ? [inlineText([item], style)] : blockLines(item.children, style);
    return [`${marker}${first}`, ...rest.map((line) => `  ${line}`)];
  });
}

function inlineText(nodes: readonly RichTextNode[], style: TextStyle): string {
  return nodes
    .map((node) => {
      if (isRichTextLeaf(node)) return leafText(node, style);
      const text = inlineText(node.children, style);
      if (node.type === "a" && typeof node.url === "string") return style.link(text, node.url);
      return text;
    })
    .join("");
}

function leafText(leaf: RichTextNode & { text: string }, style: TextStyle): string {
  if (leaf.text === "") return "";
  let text = leaf.code ? style.code(leaf.text) : style.escape(leaf.text);
  if (leaf.strikethrough) text = style.strike(text);
  if (leaf.underline) text = style.underline(text);
  if (leaf.italic) text = style.italic(text);
  if (leaf.bold) text = style.bold(text);
  return text;
}
