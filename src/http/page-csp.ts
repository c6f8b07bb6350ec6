import { classifyVideoUrl } from "../engine/media/video-url.js";

/**
 * The Content-Security-Policy of a bot's full page: the page's own origin, plus exactly the hosts the
 * bot's blocks and theme point at. A URL built from a variable could go anywhere on the web, so it
 * opens its directive to `https:` only, never to inline code.
 */
type Json = Record<string, any>;
type Directive = "script-src" | "img-src" | "media-src" | "frame-src" | "connect-src" | "style-src" | "font-src";

/** What the page policy needs beyond the bot's document: where the instance loads third-party widgets from. */
export type WidgetSources = { zendeskWidgetUrl?: string };

const VIDEO_FRAMES: Record<string, string> = {
  youtube: "https://www.youtube.com",
  vimeo: "https://player.vimeo.com",
  tiktok: "https://www.tiktok.com",
  gumlet: "https://play.gumlet.io",
};
const MAX_SOURCES = 30;

class SourceSet {
  private readonly sources = new Map<Directive, Set<string>>();

  add(directive: Directive, source: string): void {
    const set = this.sources.get(directive) ?? new Set<string>();
    if (set.size < MAX_SOURCES) set.add(source);
    this.sources.set(directive, set);
  }

  /** A URL's origin; a templated or unparsable URL needs any https host. */
  addUrl(directive: Directive, url: unknown): void {
    if (typeof url !== "string" || url.trim() === "") return;
    if (url.includes("{{")) {
      this.add(directive, "https:");
      return;
    }
    try {
      const parsed = new URL(url.trim());
      if (parsed.protocol === "https:" || parsed.protocol === "http:") this.add(directive, parsed.origin);
    } catch {
      // Relative or broken URLs point at nothing the page may load.
    }
  }

  list(directive: Directive): string[] {
    return [...(this.sources.get(directive) ?? [])];
  }
}

function blocksOf(document: Json): Json[] {
  return (Array.isArray(document.groups) ? document.groups : []).flatMap((group: Json) =>
    Array.isArray(group?.blocks) ? group.blocks : [],
  );
}

function runsCodeInBrowser(block: Json): boolean {
  if (block.type === "Code") return block.options?.isExecutedOnClient ?? true;
  if (block.type === "Set variable")
    return (
      Boolean(block.options?.isExecutedOnClient) ||
      block.options?.type === "Device type" ||
      block.options?.type === "Moment of the day"
    );
  return false;
}

function addBlock(sources: SourceSet, block: Json, widgets: WidgetSources): void {
  const content = block.content ?? {};
  switch (block.type) {
    case "image":
      sources.addUrl("img-src", content.url);
      return;
    case "audio":
      sources.addUrl("media-src", content.url);
      return;
    case "embed":
      sources.addUrl("frame-src", content.url);
      return;
    case "video": {
      if (typeof content.url !== "string" || content.url.trim() === "") return;
      if (content.url.includes("{{")) {
        Object.values(VIDEO_FRAMES).forEach((origin) => {
          sources.add("frame-src", origin);
        });
        sources.add("media-src", "https:");
        return;
      }
      const frame = VIDEO_FRAMES[classifyVideoUrl(content.url).type];
      if (frame) sources.add("frame-src", frame);
      else sources.addUrl("media-src", classifyVideoUrl(content.url).url);
      return;
    }
    case "picture choice input":
      for (const item of block.items ?? []) sources.addUrl("img-src", item?.pictureSrc);
      return;
    case "cards":
      for (const item of block.items ?? []) sources.addUrl("img-src", item?.imageUrl);
      return;
    case "Webhook":
    case "Zapier":
    case "Make.com":
    case "Pabbly":
      if (block.options?.isExecutedOnClient) sources.addUrl("connect-src", block.options?.webhook?.url);
      return;
    case "cal-com": {
      // Cal.com's embed script comes from its base URL and shows the booking page in a frame from there.
      const baseUrl = block.options?.baseUrl || "https://app.cal.com";
      sources.addUrl("script-src", baseUrl);
      sources.addUrl("frame-src", baseUrl);
      sources.add("style-src", "'unsafe-inline'");
      return;
    }
    case "zendesk":
      // The widget's own hosts depend on the Zendesk account: it talks to them over https and websockets.
      sources.addUrl("script-src", widgets.zendeskWidgetUrl);
      sources.addUrl("connect-src", widgets.zendeskWidgetUrl);
      for (const directive of ["connect-src", "img-src", "frame-src", "font-src"] as const)
        sources.add(directive, "https:");
      sources.add("connect-src", "wss:");
      sources.add("style-src", "'unsafe-inline'");
      return;
  }
}

function addTheme(sources: SourceSet, theme: Json): void {
  sources.addUrl("img-src", theme.chat?.hostAvatar?.url);
  sources.addUrl("img-src", theme.chat?.guestAvatar?.url);
  if (theme.general?.background?.type === "Image") sources.addUrl("img-src", theme.general.background.content);
  const font = theme.general?.font;
  if (font && typeof font === "object" && font.type === "Google") {
    sources.add("style-src", "https://fonts.googleapis.com");
    sources.add("font-src", "https://fonts.gstatic.com");
  }
  if (font && typeof font === "object" && font.type === "Custom") {
    sources.addUrl("style-src", font.url);
    sources.add("font-src", "https:");
  }
}

export function pageContentSecurityPolicy(document: Json, widgets: WidgetSources = {}): string {
  const sources = new SourceSet();
  let runsCode = false;
  for (const block of blocksOf(document)) {
    addBlock(sources, block, widgets);
    runsCode ||= runsCodeInBrowser(block);
  }
  addTheme(sources, document.theme ?? {});
  // The bot's own scripts run with the page's rights: they may reach the web, not inject markup.
  if (runsCode) sources.add("connect-src", "https:");
  const self = (directive: Directive, ...extra: string[]) => ["'self'", ...extra, ...sources.list(directive)].join(" ");
  return [
    "default-src 'none'",
    `script-src ${self("script-src", ...(runsCode ? ["'unsafe-eval'"] : []))}`,
    `connect-src ${self("connect-src")}`,
    `img-src ${self("img-src", "data:", "blob:")}`,
    `media-src ${self("media-src", "blob:")}`,
    `style-src ${self("style-src")}`,
    `font-src ${self("font-src")}`,
    ...(sources.list("frame-src").length ? [`frame-src ${sources.list("frame-src").join(" ")}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * What a document holding bot content may still do, as an opaque origin (iframe `sandbox` and the CSP
 * `sandbox` directive alike): run its scripts, send forms, open popups and downloads, and navigate
 * the top page only when the visitor clicked. No `allow-same-origin`: it never reads Parley's
 * cookies or storage, and the server sees its requests as `Origin: null`.
 */
export const BOT_SANDBOX =
  "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads";

/** The chat page's frame: the bot's own policy, made an opaque origin even when opened directly. */
export function chatFrameContentSecurityPolicy(document: Json, widgets: WidgetSources = {}): string {
  return `sandbox ${BOT_SANDBOX}; ${pageContentSecurityPolicy(document, widgets)}`;
}

/**
 * The chat page's outer document: Parley's own shell script and the frame, nothing of the bot's
 * but its metadata (title, description, images for link previews).
 */
export const CHAT_SHELL_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src https: http:; base-uri 'none'; form-action 'none'; object-src 'none'";

/**
 * The builder's preview frame runs any draft the builder posts in, client-side code included
 * (opaque origin, no cookie): media, frames and requests may go anywhere on the web.
 */
export const PREVIEW_FRAME_CSP = [
  `sandbox ${BOT_SANDBOX}`,
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "connect-src 'self' https: http:",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "style-src 'self' https:",
  "font-src 'self' data: https:",
  "frame-src https: http:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join("; ");

/** Headers every HTML page of Parley carries. */
export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cache-control": "no-cache",
  };
}
