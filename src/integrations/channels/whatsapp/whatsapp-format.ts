import type { RichTextNode } from "../../../engine/rich-text/types.js";
import { renderRichText, type TextStyle } from "../rich-text-render.js";

/**
 * WhatsApp's own marks: *bold*, _italic_, ~strike~, ```code```. It has no escape character and no
 * underline (dropped); a link shows as `text (url)`, or the bare URL when the text is the URL.
 */
const whatsAppStyle: TextStyle = {
  escape: (text) => text,
  bold: (text) => wrap(text, "*"),
  italic: (text) => wrap(text, "_"),
  underline: (text) => text,
  strike: (text) => wrap(text, "~"),
  code: (text) => wrap(text, "```"),
  link: (text, url) => (text === "" || text === url ? url : `${text} (${url})`),
};

// A mark around spaces does not format in WhatsApp: the spaces stay outside it.
function wrap(text: string, mark: string): string {
  const match = /^(\s*)(.*?)(\s*)$/s.exec(text);
  if (!match || match[2] === "") return text;
  return `${match[1]}${mark}${match[2]}${mark}${match[3]}`;
}

export const whatsAppText = (nodes: readonly RichTextNode[]) => renderRichText(nodes, whatsAppStyle);
