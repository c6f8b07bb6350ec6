/** The HTML of the public pages: built from escaped strings only, every value from a bot goes through `escapeHtml`. */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** Only absolute web URLs may become a favicon or a social image. */
function webUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export type PageMetadata = { title?: string; description?: string; imageUrl?: string; favIconUrl?: string };

function head(metadata: PageMetadata, extra = ""): string {
  const title = escapeHtml(metadata.title || "Parley");
  const description = metadata.description ? escapeHtml(metadata.description) : undefined;
  const image = webUrl(metadata.imageUrl);
  const favicon = webUrl(metadata.favIconUrl);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta property="og:title" content="${title}">`,
    ...(description
      ? [
          `<meta name="description" content="${description}">`,
          `<meta property="og:description" content="${description}">`,
        ]
      : []),
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
        ]
      : []),
    ...(favicon ? [`<link rel="icon" href="${escapeHtml(favicon)}">`] : []),
    extra,
  ].join("\n");
}

const NOTICE_STYLE = "/embed.css";

function document(headHtml: string, bodyHtml: string): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n${headHtml}\n</head>\n<body>\n${bodyHtml}\n</body>\n</html>\n`;
}

/**
 * The chat page a bot's link opens: Parley's shell around a sandboxed frame that holds the chat. The
 * shell keeps the metadata (link previews read it) and relays remember-user storage and redirects;
 * everything the bot controls runs in the frame, an opaque origin.
 */
export function chatShellPage(options: {
  publicId: string;
  frameUrl: string;
  scriptUrl: string;
  sandbox: string;
  hidesQuery: boolean;
  metadata: PageMetadata;
}): string {
  return document(
    head(
      options.metadata,
      `<link rel="stylesheet" href="${NOTICE_STYLE}">\n<script src="${escapeHtml(options.scriptUrl)}"></script>`,
    ),
    `<iframe class="chat-frame" src="${escapeHtml(options.frameUrl)}" sandbox="${escapeHtml(options.sandbox)}" ` +
      `title="${escapeHtml(options.metadata.title || "Chat")}" data-bot="${escapeHtml(options.publicId)}"` +
      `${options.hidesQuery ? " data-hide-query" : ""}></iframe>\n<noscript>This chat needs JavaScript.</noscript>`,
  );
}

/** The chat inside the shell's frame: one custom element, configured by attributes (no inline script). */
export function chatFramePage(options: {
  publicId: string;
  scriptUrl: string;
  title: string;
  prefilledVariables: Record<string, string>;
}): string {
  const prefilled = Object.keys(options.prefilledVariables).length
    ? ` prefilled-variables="${escapeHtml(JSON.stringify(options.prefilledVariables))}"`
    : "";
  return document(
    head({ title: options.title }, `<script src="${escapeHtml(options.scriptUrl)}" defer></script>`),
    `<parley-standard bot="${escapeHtml(options.publicId)}" full-page shell-relay${prefilled}></parley-standard>\n<noscript>This chat needs JavaScript.</noscript>`,
  );
}

/** The builder's preview: an empty page whose script waits for the draft the builder posts in. */
export function previewFramePage(scriptUrl: string): string {
  return document(
    head(
      { title: "Preview" },
      `<link rel="stylesheet" href="${NOTICE_STYLE}">\n<script src="${escapeHtml(scriptUrl)}" defer></script>`,
    ),
    "",
  ).replace("<body>", '<body class="preview">');
}

/** A page that only says something: unknown bot, closed bot. Styled by a stylesheet of our own origin. */
export function noticePage(options: {
  title: string;
  heading: string;
  message: string;
  metadata?: PageMetadata;
}): string {
  return document(
    head(
      { ...options.metadata, title: options.metadata?.title || options.title },
      `<link rel="stylesheet" href="${NOTICE_STYLE}">`,
    ),
    `<main class="notice" role="main"><h1>${escapeHtml(options.heading)}</h1><p>${escapeHtml(options.message)}</p></main>`,
  );
}

export const NOTICE_CSS = `html,body{height:100%;margin:0}.chat-frame{display:block;width:100%;height:100%;border:0}body.preview{display:block}.preview-chat{display:block;height:100%}body{display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f8fa;color:#303235}
.notice{max-width:32rem;padding:2rem;text-align:center}.notice h1{font-size:1.5rem;margin:0 0 .75rem}.notice p{margin:0;line-height:1.5;color:#555}`;
export const NOTICE_CSS_URL = NOTICE_STYLE;
