/** Links may lead to web pages, mail and phone only; media may load from the web, or from blobs the page made. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
const MEDIA_PROTOCOLS = new Set(["http:", "https:", "blob:"]);

function parse(raw: string): URL | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  try {
    return new URL(value, document.baseURI);
  } catch {
    return undefined;
  }
}

export function safeHref(raw: string): string | undefined {
  const url = parse(raw);
  return url && LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

export function safeSrc(raw: string): string | undefined {
  const value = raw.trim();
  // Inline pictures (rating icons drawn by the bot's author) load as images, where no script runs.
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(value)) return value;
  const url = parse(value);
  return url && MEDIA_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

/** Where a redirect may send the visitor; a bare domain is taken as https. */
export function safeRedirect(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  return safeHref(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
}
