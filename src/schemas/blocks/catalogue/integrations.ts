import type { IntegrationBlockType } from "../index.js";
import { integrationEntry, type BlockCatalogueEntry } from "./entry.js";

export const httpRequestDefaults = {
  webhook: { method: "POST" },
  isCustomBody: false,
  isExecutedOnClient: false,
  timeout: 10,
} as const;

export const emailDefaults = {
  credentialsId: "default",
  isCustomBody: false,
  isBodyCode: false,
} as const;

export const googleSheetsDefaults = {
  totalRowsToExtract: "All",
} as const;

export const openAiDefaults = {
  baseUrl: "https://api.openai.com/v1",
  task: "Create chat completion",
  model: "gpt-3.5-turbo",
  /** Default of each `responseMapping` entry (not an option itself: the schema's unknown keys are stripped). */
  responseMappingEntry: { valueToExtract: "Message content" },
} as const;

export const googleAnalyticsDefaults = {} as const;

export const chatwootDefaults = {
  task: "Show widget",
  baseUrl: "https://app.chatwoot.com",
} as const;

export const pixelDefaults = {
  isInitSkip: false,
} as const;

export const searchKnowledgeDefaults = { limit: 5 } as const;

export const knowledgeAnswerDefaults = { limit: 5, threshold: 0.3, provider: "openai" } as const;

/** Plug-in blocks' options vary by action; their actions bring their own defaults. */
export const forgedDefaults = {} as const;

const plugIn = (label: string, icon: string, keywords: string) =>
  integrationEntry(label, icon, keywords, forgedDefaults);

/**
 * Integration kinds in side-bar order. Calls are marked pure so the chat client's bundle, which reads only
 * defaults, leaves the entries out.
 */
export const integrationCatalogue: Record<IntegrationBlockType, BlockCatalogueEntry> = {
  Webhook: /* @__PURE__ */ integrationEntry("HTTP request", "⇢", "webhook api fetch", httpRequestDefaults),
  Zapier: /* @__PURE__ */ integrationEntry("Zapier", "Z", "http", httpRequestDefaults),
  "Make.com": /* @__PURE__ */ integrationEntry("Make.com", "M", "integromat http", httpRequestDefaults),
  Pabbly: /* @__PURE__ */ integrationEntry("Pabbly", "P", "http", httpRequestDefaults),
  Email: /* @__PURE__ */ integrationEntry("Send email", "✉", "mail smtp", emailDefaults),
  "Google Sheets": /* @__PURE__ */ integrationEntry("Google Sheets", "▥", "spreadsheet", googleSheetsDefaults),
  OpenAI: /* @__PURE__ */ integrationEntry("OpenAI (legacy)", "◎", "gpt ai chat", openAiDefaults),
  "Google Analytics": /* @__PURE__ */ integrationEntry("Google Analytics", "▁", "ga tracking", googleAnalyticsDefaults),
  Chatwoot: /* @__PURE__ */ integrationEntry("Chatwoot", "☏", "support live chat", chatwootDefaults),
  Pixel: /* @__PURE__ */ integrationEntry("Pixel", "◉", "facebook meta tracking", pixelDefaults),
  "knowledge answer": /* @__PURE__ */ integrationEntry(
    "Knowledge answer",
    "❖",
    "kb rag documents faq answer ai sources",
    knowledgeAnswerDefaults,
  ),
  "search knowledge": /* @__PURE__ */ integrationEntry(
    "Search knowledge",
    "⌕",
    "kb rag documents retrieval search passages",
    searchKnowledgeDefaults,
  ),
  openai: /* @__PURE__ */ plugIn("OpenAI", "◎", "gpt ai"),
  "cal-com": /* @__PURE__ */ plugIn("Cal.com", "▦", "calendar booking"),
  "chat-node": /* @__PURE__ */ plugIn("ChatNode", "◌", "ai"),
  "qr-code": /* @__PURE__ */ plugIn("QR code", "▩", "qr"),
  "dify-ai": /* @__PURE__ */ plugIn("Dify.AI", "◍", "ai"),
  mistral: /* @__PURE__ */ plugIn("Mistral", "◈", "ai llm"),
  elevenlabs: /* @__PURE__ */ plugIn("ElevenLabs", "♫", "voice speech ai"),
  anthropic: /* @__PURE__ */ plugIn("Anthropic", "◆", "claude ai llm"),
  "together-ai": /* @__PURE__ */ plugIn("Together", "◇", "ai llm"),
  "open-router": /* @__PURE__ */ plugIn("OpenRouter", "◐", "ai llm"),
  nocodb: /* @__PURE__ */ plugIn("NocoDB", "▤", "database"),
  segment: /* @__PURE__ */ plugIn("Segment", "◔", "analytics"),
  posthog: /* @__PURE__ */ plugIn("PostHog", "◕", "analytics"),
  groq: /* @__PURE__ */ plugIn("Groq", "◒", "ai llm"),
  zendesk: /* @__PURE__ */ plugIn("Zendesk", "☏", "support"),
  perplexity: /* @__PURE__ */ plugIn("Perplexity", "◓", "ai search"),
  deepseek: /* @__PURE__ */ plugIn("DeepSeek", "◑", "ai llm"),
  blink: /* @__PURE__ */ plugIn("Blink", "✦", "employee app feed users"),
  gmail: /* @__PURE__ */ plugIn("Gmail", "✉", "google mail"),
};
