import { h, type Child } from "../lib/dom";
import { safeHref } from "../lib/safe-url";
import type { Json } from "../lib/types";

/**
 * Slate/Plate rich text to DOM. Text always becomes text nodes, whatever it contains; a link
 * whose URL is not http, https, mailto or tel is shown as its plain text.
 */
const BLOCK_TAGS: Record<string, "p" | "ul" | "ol" | "li" | "h1" | "h2" | "h3" | "blockquote"> = {
  p: "p",
  ul: "ul",
  ol: "ol",
  li: "li",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  blockquote: "blockquote",
};

function leaf(node: Json): Child {
  let result: Child = String(node.text ?? "");
  if (node.code) result = h("code", null, result);
  if (node.underline) result = h("u", null, result);
  if (node.italic) result = h("em", null, result);
  if (node.bold) result = h("strong", null, result);
  return result;
}

function element(node: Json): Child {
  const children = Array.isArray(node.children) ? node.children.map(richTextNode) : [];
  if (node.type === "a" || node.type === "link") {
    const href = typeof node.url === "string" ? safeHref(node.url) : undefined;
    if (!href) return h("span", null, children);
    const external = /^https?:/.test(href);
    return h("a", { attrs: { href, ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}) } }, children);
  }
  const tag = BLOCK_TAGS[node.type];
  if (tag) return h(tag, null, children);
  // "lic" (list item content), "variable" and unknown elements only group their children.
  return h("span", null, children);
}

export function richTextNode(node: unknown): Child {
  if (!node || typeof node !== "object") return null;
  const value = node as Json;
  if (typeof value.text === "string") return leaf(value);
  return element(value);
}

export function renderRichText(nodes: unknown): HTMLElement {
  const list = Array.isArray(nodes) ? nodes : [];
  const container = h("div", "rich-text", list.map(richTextNode));
  // An empty paragraph keeps its height, as a blank line.
  for (const paragraph of Array.from(container.querySelectorAll("p")))
    if (paragraph.textContent === "") paragraph.appendChild(h("br"));
  return container;
}

export function plainText(nodes: unknown): string {
  const parts: string[] = [];
  const walk = (node: any) => {
    if (!node || typeof node !== "object") return;
    if (typeof node.text === "string") parts.push(node.text);
    if (Array.isArray(node.children)) node.children.forEach(walk);
    if (node.type === "p" || node.type === "li") parts.push("\n");
  };
  (Array.isArray(nodes) ? nodes : []).forEach(walk);
  return parts.join("").trim();
}
