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
  /** Default of each `responseMapping` entry. */
  responseMapping: { valueToExtract: "Message content" },
} as const;

export const googleAnalyticsDefaults = {} as const;

export const chatwootDefaults = {
  task: "Show widget",
  baseUrl: "https://app.chatwoot.com",
} as const;

export const pixelDefaults = {
  isInitSkip: false,
} as const;

/** Plug-in blocks' options vary by action; their actions bring their own defaults. */
export const forgedDefaults = {} as const;

const plugIn = (label: string, icon: string, keywords: string) =>
  integrationEntry(label, icon, keywords, forgedDefaults);

/** Integration kinds in side-bar order. */
export const integrationCatalogue: Record<IntegrationBlockType, BlockCatalogueEntry> = {
  Webhook: integrationEntry("HTTP request", "⇢", "webhook api fetch", httpRequestDefaults),
  Zapier: integrationEntry("Zapier", "Z", "http", httpRequestDefaults),
  "Make.com": integrationEntry("Make.com", "M", "integromat http", httpRequestDefaults),
  Pabbly: integrationEntry("Pabbly", "P", "http", httpRequestDefaults),
  Email: integrationEntry("Send email", "✉", "mail smtp", emailDefaults),
  "Google Sheets": integrationEntry("Google Sheets", "▥", "spreadsheet", googleSheetsDefaults),
  OpenAI: integrationEntry("OpenAI (legacy)", "◎", "gpt ai chat", openAiDefaults),
  "Google Analytics": integrationEntry("Google Analytics", "▁", "ga tracking", googleAnalyticsDefaults),
  Chatwoot: integrationEntry("Chatwoot", "☏", "support live chat", chatwootDefaults),
  Pixel: integrationEntry("Pixel", "◉", "facebook meta tracking", pixelDefaults),
  openai: plugIn("OpenAI", "◎", "gpt ai"),
  "cal-com": plugIn("Cal.com", "▦", "calendar booking"),
  "chat-node": plugIn("ChatNode", "◌", "ai"),
  "qr-code": plugIn("QR code", "▩", "qr"),
  "dify-ai": plugIn("Dify.AI", "◍", "ai"),
  mistral: plugIn("Mistral", "◈", "ai llm"),
  elevenlabs: plugIn("ElevenLabs", "♫", "voice speech ai"),
  anthropic: plugIn("Anthropic", "◆", "claude ai llm"),
  "together-ai": plugIn("Together", "◇", "ai llm"),
  "open-router": plugIn("OpenRouter", "◐", "ai llm"),
  nocodb: plugIn("NocoDB", "▤", "database"),
  segment: plugIn("Segment", "◔", "analytics"),
  posthog: plugIn("PostHog", "◕", "analytics"),
  groq: plugIn("Groq", "◒", "ai llm"),
  zendesk: plugIn("Zendesk", "☏", "support"),
  perplexity: plugIn("Perplexity", "◓", "ai search"),
  deepseek: plugIn("DeepSeek", "◑", "ai llm"),
  blink: plugIn("Blink", "✦", "ai"),
  gmail: plugIn("Gmail", "✉", "google mail"),
};
