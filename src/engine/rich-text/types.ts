/**
 * Rich text as the editor stores it (Slate/Plate JSON). Kept loose on purpose: stored bots may
 * carry element types and marks this engine does not know, and they must pass through untouched.
 */
export type RichTextLeaf = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  code?: boolean;
  [key: string]: unknown;
};

/** `type` is usually "p", "a", "ol", "ul", "li" or "lic"; `url` is set on "a". */
export type RichTextElement = {
  type: string;
  children: RichTextNode[];
  url?: string;
  [key: string]: unknown;
};

export type RichTextNode = RichTextElement | RichTextLeaf;

// Slate vocabulary, for code that thinks in those terms.
export type Element = RichTextElement;
export type Text = RichTextLeaf;
export type Descendant = RichTextNode;

export function isRichTextLeaf(node: RichTextNode): node is RichTextLeaf {
  return typeof (node as { text?: unknown }).text === "string";
}

export function isRichTextElement(node: RichTextNode): node is RichTextElement {
  return !isRichTextLeaf(node) && Array.isArray((node as { children?: unknown }).children);
}

/** Elements that sit inside a line of text rather than forming their own block. */
export function isInlineNode(node: RichTextNode): boolean {
  return isRichTextLeaf(node) || node.type === "a";
}

export const LIST_TYPES: ReadonlySet<string> = new Set(["ul", "ol"]);
