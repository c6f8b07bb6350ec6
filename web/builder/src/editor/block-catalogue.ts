import { createId } from "../lib/ids.js";
import type { Block, BlockType } from "../lib/types.js";

export type BlockCategory = "Bubbles" | "Inputs" | "Logic" | "Integrations";

export type BlockEntry = {
  type: BlockType;
  label: string;
  category: BlockCategory;
  /** A glyph drawn in the block's badge (DejaVu covers all of them). */
  icon: string;
  /** Extra words the side bar's search matches. */
  keywords: string;
};

type Definition = Omit<BlockEntry, "type">;

const bubble = (label: string, icon: string, keywords = ""): Definition => ({
  label,
  icon,
  keywords,
  category: "Bubbles",
});
const input = (label: string, icon: string, keywords = ""): Definition => ({
  label,
  icon,
  keywords,
  category: "Inputs",
});
const logic = (label: string, icon: string, keywords = ""): Definition => ({
  label,
  icon,
  keywords,
  category: "Logic",
});
const integration = (label: string, icon: string, keywords = ""): Definition => ({
  label,
  icon,
  keywords,
  category: "Integrations",
});

/** Every block type, in side-bar order. A new type does not compile until it is listed here. */
const definitions: Record<BlockType, Definition> = {
  text: bubble("Text", "¶", "message bubble rich"),
  image: bubble("Image", "▣", "picture gif"),
  video: bubble("Video", "▶", "youtube vimeo tiktok"),
  embed: bubble("Embed", "⊡", "iframe pdf map"),
  audio: bubble("Audio", "♪", "sound voice"),
  "text input": input("Text", "✎", "ask question answer"),
  "number input": input("Number", "#", "quantity amount"),
  "email input": input("Email", "@", "mail address"),
  "url input": input("Website", "⌁", "url link"),
  "phone number input": input("Phone", "☎", "telephone mobile"),
  "date input": input("Date", "▦", "calendar day"),
  "time input": input("Time", "◷", "hour clock"),
  "choice input": input("Buttons", "☰", "choice options multiple"),
  "picture choice input": input("Pic choice", "⊞", "image choice"),
  "payment input": input("Payment", "¤", "stripe card pay"),
  "rating input": input("Rating", "★", "score nps stars"),
  "file input": input("File", "⇪", "upload attachment"),
  cards: input("Cards", "▤", "carousel"),
  "Set variable": logic("Set variable", "x", "assign value"),
  Condition: logic("Condition", "⋔", "if else branch"),
  Redirect: logic("Redirect", "↗", "url open link"),
  Code: logic("Script", "{}", "javascript code"),
  "Bot link": logic("Bot link", "⇉", "typebot link other bot"),
  Wait: logic("Wait", "⋯", "delay pause"),
  "AB test": logic("AB test", "⚖", "split random"),
  webhook: logic("Webhook", "⇠", "wait incoming http"),
  Jump: logic("Jump", "↷", "go to group"),
  Return: logic("Return", "↶", "back"),
  Webhook: integration("HTTP request", "⇢", "webhook api fetch"),
  Zapier: integration("Zapier", "Z", "http"),
  "Make.com": integration("Make.com", "M", "integromat http"),
  Pabbly: integration("Pabbly", "P", "http"),
  Email: integration("Send email", "✉", "mail smtp"),
  "Google Sheets": integration("Google Sheets", "▥", "spreadsheet"),
  OpenAI: integration("OpenAI (legacy)", "◎", "gpt ai chat"),
  "Google Analytics": integration("Google Analytics", "▁", "ga tracking"),
  Chatwoot: integration("Chatwoot", "☏", "support live chat"),
  Pixel: integration("Pixel", "◉", "facebook meta tracking"),
  openai: integration("OpenAI", "◎", "gpt ai"),
  "cal-com": integration("Cal.com", "▦", "calendar booking"),
  "chat-node": integration("ChatNode", "◌", "ai"),
  "qr-code": integration("QR code", "▩", "qr"),
  "dify-ai": integration("Dify.AI", "◍", "ai"),
  mistral: integration("Mistral", "◈", "ai llm"),
  elevenlabs: integration("ElevenLabs", "♫", "voice speech ai"),
  anthropic: integration("Anthropic", "◆", "claude ai llm"),
  "together-ai": integration("Together", "◇", "ai llm"),
  "open-router": integration("OpenRouter", "◐", "ai llm"),
  nocodb: integration("NocoDB", "▤", "database"),
  segment: integration("Segment", "◔", "analytics"),
  posthog: integration("PostHog", "◕", "analytics"),
  groq: integration("Groq", "◒", "ai llm"),
  zendesk: integration("Zendesk", "☏", "support"),
  perplexity: integration("Perplexity", "◓", "ai search"),
  deepseek: integration("DeepSeek", "◑", "ai llm"),
  blink: integration("Blink", "✦", "ai"),
  gmail: integration("Gmail", "✉", "google mail"),
};

export const blockCatalogue: BlockEntry[] = Object.entries(definitions).map(([type, definition]) => ({
  type: type as BlockType,
  ...definition,
}));
export const blockEntry = (type: string): BlockEntry | undefined =>
  (definitions as Record<string, Definition>)[type] && {
    type: type as BlockType,
    ...(definitions as Record<string, Definition>)[type],
  };
export const blockCategories: BlockCategory[] = ["Bubbles", "Inputs", "Logic", "Integrations"];

/** The legacy OpenAI block still runs (and shows) in imported bots, but new bots get the `openai` block. */
const offeredBlocks = blockCatalogue.filter((entry) => entry.type !== "OpenAI");

export function searchBlocks(query: string): BlockEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return offeredBlocks;
  return offeredBlocks.filter((entry) => {
    const haystack = `${entry.label} ${entry.type} ${entry.category} ${entry.keywords}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

const item = () => ({ id: createId() });

/** A new block of a type, with what it needs to be usable (items for branching blocks). */
export function createBlock(type: BlockType): Block {
  const id = createId();
  switch (type) {
    case "choice input":
      return { id, type, items: [{ ...item(), content: "" }] };
    case "picture choice input":
      return { id, type, items: [item()] };
    case "cards":
      return { id, type, items: [{ ...item(), title: "", paths: [{ id: createId(), text: "" }] }] };
    case "Condition":
      return { id, type, items: [{ ...item(), content: { logicalOperator: "AND", comparisons: [] } }] };
    case "AB test":
      return {
        id,
        type,
        items: [
          { ...item(), path: "a" },
          { ...item(), path: "b" },
        ],
        options: { aPercent: 50 },
      };
    case "text":
      return { id, type, content: { richText: [{ type: "p", children: [{ text: "" }] }] } };
    default:
      return { id, type } as Block;
  }
}

export const isBubbleType = (type: string) => blockEntry(type)?.category === "Bubbles";
export const isInputType = (type: string) => blockEntry(type)?.category === "Inputs";

const INPUT_TITLES: Record<string, string> = {
  "Pic choice": "Picture choice",
  File: "File upload",
  Website: "Website input",
};

/** The name a block carries on the canvas and in its settings ("Text input" rather than the side bar's "Text"). */
export function blockTitle(type: string): string {
  const entry = blockEntry(type);
  if (!entry) return type;
  if (entry.category !== "Inputs") return entry.label;
  if (INPUT_TITLES[entry.label]) return INPUT_TITLES[entry.label];
  return ["Buttons", "Cards", "Payment", "Rating"].includes(entry.label) ? entry.label : `${entry.label} input`;
}
