import type { BubbleBlockType } from "../index.js";
import { bubbleEntry, type BlockCatalogueEntry } from "./entry.js";

export const textBubbleDefaults = {} as const;

export const imageBubbleDefaults = {
  clickLink: { alt: "Bubble image" },
} as const;

export const videoBubbleDefaults = {
  height: 400,
  aspectRatio: "16/9",
  maxWidth: "100%",
  areControlsDisplayed: true,
  isAutoplayEnabled: true,
} as const;

export const embedBubbleDefaults = {
  height: 400,
} as const;

export const audioBubbleDefaults = {
  isAutoplayEnabled: true,
} as const;

/**
 * Bubble kinds in side-bar order. Calls are marked pure so the chat client's bundle, which reads only
 * defaults, leaves the entries out.
 */
export const bubbleCatalogue: Record<BubbleBlockType, BlockCatalogueEntry> = {
  text: /* @__PURE__ */ bubbleEntry("Text", "¶", "message bubble rich", textBubbleDefaults),
  image: /* @__PURE__ */ bubbleEntry("Image", "▣", "picture gif", imageBubbleDefaults),
  video: /* @__PURE__ */ bubbleEntry("Video", "▶", "youtube vimeo tiktok", videoBubbleDefaults),
  embed: /* @__PURE__ */ bubbleEntry("Embed", "⊡", "iframe pdf map", embedBubbleDefaults),
  audio: /* @__PURE__ */ bubbleEntry("Audio", "♪", "sound voice", audioBubbleDefaults),
};
