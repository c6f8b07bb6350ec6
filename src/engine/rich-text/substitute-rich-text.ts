import { splitTemplate, substituteVariables, type SubstituteOptions } from "../variables/substitute.js";
import type { VariableLike } from "../variables/types.js";
import { emptyParagraph, markdownToRichText } from "./markdown-to-rich-text.js";
import { isRichTextLeaf, LIST_TYPES, type RichTextElement, type RichTextLeaf, type RichTextNode } from "./types.js";

type Styles = Pick<RichTextLeaf, "bold" | "italic" | "underline">;
type Options = Pick<SubstituteOptions, "evaluateInline">;

/**
 * Fills `{{…}}` in a text bubble. Author-written text is kept as is; each substituted value is
 * read as markdown and becomes rich-text nodes that inherit the leaf's bold/italic/underline.
 * A paragraph holding nothing but one variable is replaced by the value's own blocks. Link URLs
 * are templated as plain text. The input is never modified.
 */
export function substituteRichText(
  elements: readonly RichTextElement[],
  variables: readonly VariableLike[],
  options: Options = {},
): RichTextElement[] {
  return substituteNodes(elements, variables, options, false) as RichTextElement[];
}

function substituteNodes(
  nodes: readonly RichTextNode[],
  variables: readonly VariableLike[],
  options: Options,
  insideLink: boolean,
): RichTextNode[] {
  return nodes.flatMap((node): RichTextNode[] => {
    if (isRichTextLeaf(node)) return substituteLeaf(node, variables, options, insideLink);
    const standalone = node.type === "p" ? standaloneValue(node, variables, options) : undefined;
    if (standalone !== undefined) {
      const blocks = markdownToRichText(standalone.value);
      return applyStyles(blocks.length > 0 ? blocks : [emptyParagraph()], standalone.styles);
    }
    const children = substituteNodes(node.children, variables, options, insideLink || node.type === "a");
    const url = typeof node.url === "string" ? { url: substituteVariables(node.url, variables, options) } : {};
    return [{ ...node, ...url, children }];
  });
}

function standaloneValue(
  paragraph: RichTextElement,
  variables: readonly VariableLike[],
  options: Options,
): { value: string; styles: Styles } | undefined {
  const [only] = paragraph.children;
  if (paragraph.children.length !== 1 || !only || !isRichTextLeaf(only)) return undefined;
  const parts = splitTemplate(only.text, variables, options);
  if (parts.length !== 1 || parts[0].kind !== "value") return undefined;
  return { value: parts[0].text, styles: stylesOf(only) };
}

function substituteLeaf(
  leaf: RichTextLeaf,
  variables: readonly VariableLike[],
  options: Options,
  insideLink: boolean,
): RichTextNode[] {
  if (!leaf.text.includes("{{")) return [leaf];
  const parts = splitTemplate(leaf.text, variables, options);
  if (parts.every((part) => part.kind === "literal")) return [leaf];
  const styles = stylesOf(leaf);
  return mergeAdjacentLeaves(
    parts.flatMap((part): RichTextNode[] => {
      if (part.kind === "literal") return [{ ...leaf, text: part.text }];
      const inline = applyStyles(blocksToInline(markdownToRichText(part.text)), styles);
      return insideLink ? inline.flatMap(leavesOf) : inline;
    }),
  );
}

/** "Hello, {{Name}}." stays one leaf when the value adds no formatting of its own. */
function mergeAdjacentLeaves(nodes: RichTextNode[]): RichTextNode[] {
  const merged: RichTextNode[] = [];
  for (const node of nodes) {
    const previous = merged.at(-1);
    if (previous && isRichTextLeaf(previous) && isRichTextLeaf(node) && sameMarks(previous, node))
      merged[merged.length - 1] = { ...previous, text: previous.text + node.text };
    else merged.push(node);
  }
  return merged;
}

function sameMarks(a: RichTextLeaf, b: RichTextLeaf): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete("text");
  return [...keys].every(
    (key) =>
      Boolean(a[key as keyof RichTextLeaf]) === Boolean(b[key as keyof RichTextLeaf]) &&
      (typeof a[key as keyof RichTextLeaf] !== "string" ||
        a[key as keyof RichTextLeaf] === b[key as keyof RichTextLeaf]),
  );
}

/**
 * A value placed in the middle of a line cannot add blocks, so its blocks are flattened: an empty
 * paragraph (a blank line in the value) becomes "\n\n", other neighbouring blocks are separated by
 * "\n", and list items go one per line.
 */
function blocksToInline(blocks: readonly RichTextElement[]): RichTextNode[] {
  const nodes: RichTextNode[] = [];
  let previousWasText = false;
  for (const block of blocks) {
    if (isEmptyParagraph(block)) {
      nodes.push({ text: "\n\n" });
      previousWasText = false;
      continue;
    }
    if (previousWasText) nodes.push({ text: "\n" });
    nodes.push(...blockContent(block));
    previousWasText = true;
  }
  return nodes;
}

function blockContent(block: RichTextElement): RichTextNode[] {
  if (!LIST_TYPES.has(block.type)) return block.children;
  return listLines(block).flatMap((line, index) => (index === 0 ? line : [{ text: "\n" }, ...line]));
}

function listLines(list: RichTextElement): RichTextNode[][] {
  return list.children.flatMap((item): RichTextNode[][] => {
    if (isRichTextLeaf(item)) return [[item]];
    return item.children.flatMap((child): RichTextNode[][] => {
      if (isRichTextLeaf(child)) return [[child]];
      return LIST_TYPES.has(child.type) ? listLines(child) : [child.children];
    });
  });
}

function isEmptyParagraph(block: RichTextElement): boolean {
  return block.type === "p" && block.children.every((child) => isRichTextLeaf(child) && child.text === "");
}

function stylesOf(leaf: RichTextLeaf): Styles {
  const styles: Styles = {};
  if (leaf.bold) styles.bold = true;
  if (leaf.italic) styles.italic = true;
  if (leaf.underline) styles.underline = true;
  return styles;
}

function applyStyles<T extends RichTextNode>(nodes: readonly T[], styles: Styles): T[] {
  if (Object.keys(styles).length === 0) return [...nodes];
  return nodes.map((node) =>
    isRichTextLeaf(node) ? { ...styles, ...node } : { ...node, children: applyStyles(node.children, styles) },
  );
}

function leavesOf(node: RichTextNode): RichTextLeaf[] {
  return isRichTextLeaf(node) ? [node] : node.children.flatMap(leavesOf);
}
