import type { RichTextNode } from "../../../engine/rich-text/types.js";
import { renderRichText, type TextStyle } from "../rich-text-render.js";

/** Telegram's HTML parse mode knows only `&lt; &gt; &amp; &quot;`: everything else is written as is. */
export const escapeTelegramHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const telegramHtmlStyle: TextStyle = {
  escape: escapeTelegramHtml,
  bold: (text) => `<b>${text}</b>`,
  italic: (text) => `<i>${text}</i>`,
  underline: (text) => `<u>${text}</u>`,
  strike: (text) => `<s>${text}</s>`,
  code: (text) => `<code>${escapeTelegramHtml(text)}</code>`,
  // Only web and Telegram links: a javascript: or data: URL is shown as text instead.
  link: (text, url) =>
    /^(https?|tg):/i.test(url) ? `<a href="${escapeTelegramHtml(url)}">${text || escapeTelegramHtml(url)}</a>` : text,
};

/** Rich text in Telegram's HTML parse mode, every bare character escaped. */
export const telegramHtml = (nodes: readonly RichTextNode[]) => renderRichText(nodes, telegramHtmlStyle);
