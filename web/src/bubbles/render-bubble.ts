import type { BubbleBlockType } from "../../../src/schemas/blocks/index.js";
import { h } from "../lib/dom";
import { safeHref, safeSrc } from "../lib/safe-url";
import type { ChatBubble, Json } from "../lib/types";
import { plainText, renderRichText } from "./rich-text";
import {
  audioBubbleDefaults,
  embedBubbleDefaults,
  imageBubbleDefaults,
  videoBubbleDefaults,
} from "../../../src/schemas/blocks/catalogue/index.js";

const VIDEO_FRAMES: Record<string, (id: string, query: string) => string> = {
  youtube: (id, query) => `https://www.youtube.com/embed/${encodeURIComponent(id)}${query}`,
  vimeo: (id, query) => `https://player.vimeo.com/video/${encodeURIComponent(id)}${query}`,
  tiktok: (id) => `https://www.tiktok.com/embed/v2/${encodeURIComponent(id)}`,
  gumlet: (id, query) => `https://play.gumlet.io/embed/${encodeURIComponent(id)}${query}`,
};

const pixels = (value: unknown, fallback: number) => {
  const number = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return `${Number.isFinite(number) && number > 0 ? number : fallback}px`;
};

function image(content: Json): HTMLElement | undefined {
  const src = typeof content.url === "string" ? safeSrc(content.url) : undefined;
  if (!src) return undefined;
  const alt = content.clickLink?.alt || imageBubbleDefaults.clickLink.alt;
  const picture = h("img", { class: "media-image", attrs: { src, alt, loading: "lazy" } });
  const href = typeof content.clickLink?.url === "string" ? safeHref(content.clickLink.url) : undefined;
  return href ? h("a", { attrs: { href, target: "_blank", rel: "noopener noreferrer" } }, picture) : picture;
}

function video(content: Json): HTMLElement | undefined {
  const query =
    typeof content.queryParamsStr === "string" && /^\?[\w=&%.-]*$/.test(content.queryParamsStr)
      ? content.queryParamsStr
      : "";
  const frame = VIDEO_FRAMES[String(content.type)];
  const style = {
    "max-width": typeof content.maxWidth === "string" ? content.maxWidth : videoBubbleDefaults.maxWidth,
    "aspect-ratio": content.aspectRatio || videoBubbleDefaults.aspectRatio,
  };
  if (frame && typeof content.id === "string" && content.id)
    return h("iframe", {
      class: "media-frame",
      style,
      attrs: {
        src: frame(content.id, query),
        title: "Video",
        allow: "autoplay; fullscreen; picture-in-picture",
        allowfullscreen: true,
      },
    });
  const src = typeof content.url === "string" ? safeSrc(content.url) : undefined;
  if (!src) return undefined;
  return h("video", {
    class: "media-video",
    style: { "max-width": style["max-width"] },
    attrs: {
      src,
      controls: content.areControlsDisplayed ?? videoBubbleDefaults.areControlsDisplayed,
      autoplay: content.isAutoplayEnabled ?? videoBubbleDefaults.isAutoplayEnabled,
      muted: content.isAutoplayEnabled ?? videoBubbleDefaults.isAutoplayEnabled,
      playsinline: true,
    },
  });
}

function audio(content: Json): HTMLElement | undefined {
  const src = typeof content.url === "string" ? safeSrc(content.url) : undefined;
  if (!src) return undefined;
  return h("audio", {
    class: "media-audio",
    attrs: { src, controls: true, autoplay: content.isAutoplayEnabled ?? audioBubbleDefaults.isAutoplayEnabled },
  });
}

function embed(content: Json): HTMLElement | undefined {
  const src = typeof content.url === "string" ? safeSrc(content.url) : undefined;
  if (!src || src.startsWith("blob:")) return undefined;
  return h("iframe", {
    class: "media-frame embed",
    style: { height: pixels(content.height, embedBubbleDefaults.height) },
    attrs: {
      src,
      title: "Embedded content",
      sandbox: "allow-scripts allow-same-origin allow-forms allow-popups",
      allow: "fullscreen",
    },
  });
}

/** One renderer per bubble type; a new bubble type does not compile until it has one. */
const RENDERERS: Record<BubbleBlockType, (content: Json) => HTMLElement | undefined> = {
  text: (content) => renderRichText(content.richText),
  image,
  video,
  audio,
  embed,
};

/** The inside of a host bubble; undefined when the bubble has nothing a browser may show. */
export function renderBubbleContent(bubble: ChatBubble): HTMLElement | undefined {
  const render = (RENDERERS as Record<string, ((content: Json) => HTMLElement | undefined) | undefined>)[bubble.type];
  return render?.(bubble.content ?? {});
}

/** What the typing indicator "types" before this bubble. */
export function bubbleText(bubble: ChatBubble): string {
  return bubble.type === "text" ? plainText(bubble.content?.richText) : "";
}

/** Media bubbles are shown without a bubble's colored background. */
export const isMediaBubble = (bubble: ChatBubble) => bubble.type !== "text";
