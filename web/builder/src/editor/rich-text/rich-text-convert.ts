import type { RichTextNode } from "../../lib/types.js";

/** Bare text of rich text: one line per paragraph, links by their text. */
export function richTextToPlain(nodes: readonly RichTextNode[]): string {
  const inline = (node: RichTextNode): string =>
    typeof node.text === "string" ? node.text : (node.children ?? []).map(inline).join("");
  return nodes.map((node) => (typeof node.text === "string" ? node.text : inline(node))).join("\n");
}

/** Rich text for a plain string: one paragraph per line. */
export const plainToRichText = (text: string): RichTextNode[] =>
  text.split("\n").map((line) => ({ type: "p", children: [{ text: line }] }));

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function leafHtml(node: RichTextNode): string {
  let html = escapeHtml(String(node.text ?? ""));
  if (node.underline) html = `<u>${html}</u>`;
  if (node.italic) html = `<em>${html}</em>`;
  if (node.bold) html = `<strong>${html}</strong>`;
  return html;
}

function inlineHtml(node: RichTextNode): string {
  if (typeof node.text === "string") return leafHtml(node);
  const children = (node.children ?? []).map(inlineHtml).join("");
  if (node.type === "a" || node.type === "link")
    return `<a href="${escapeHtml(String(node.url ?? ""))}">${children}</a>`;
  return children;
}

/** The editor's HTML for stored rich text (one `<p>` per paragraph). */
export function richTextToHtml(nodes: readonly RichTextNode[]): string {
  if (nodes.length === 0) return "<p><br></p>";
  return nodes
    .map((node) => {
      const inner = typeof node.text === "string" ? leafHtml(node) : (node.children ?? []).map(inlineHtml).join("");
      return `<p>${inner || "<br>"}</p>`;
    })
    .join("");
}
