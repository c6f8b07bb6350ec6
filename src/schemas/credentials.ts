import { z } from "zod";

/** AI providers' credentials are typed by their block's id. */
export const aiCredentialsTypes = [
  "openai",
  "anthropic",
  "mistral",
  "groq",
  "deepseek",
  "perplexity",
  "together-ai",
  "open-router",
] as const;
export type AiCredentialsType = (typeof aiCredentialsTypes)[number];

/** Plug-in services called with an API key at an address of their own (self-hosted instances, test fakes). */
export const pluginKeyCredentialsTypes = ["nocodb", "segment", "posthog", "blink", "elevenlabs", "chat-node"] as const;
export type PluginKeyCredentialsType = (typeof pluginKeyCredentialsTypes)[number];

/** Google accounts connected through the consent flow; the type says which block (and scopes) it is for. */
export const googleCredentialsTypes = ["google sheets", "gmail"] as const;
export type GoogleCredentialsType = (typeof googleCredentialsTypes)[number];

export const credentialsTypes = [
  "smtp",
  "http",
  ...aiCredentialsTypes,
  ...pluginKeyCredentialsTypes,
  "dify-ai",
  "whatsapp",
  "telegram",
  ...googleCredentialsTypes,
  "zendesk",
] as const;
export type CredentialsType = (typeof credentialsTypes)[number];

export const smtpCredentialsDataSchema = z.object({
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().optional(),
  username: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  /** The sender: `"Name" <address>` or a bare address. */
  from: z.string().trim().min(3).max(500),
});

/** An AI provider's key; `baseUrl` replaces the provider's own address (a proxy, a self-hosted model). */
export const aiCredentialsDataSchema = z.object({
  apiKey: z.string().trim().min(1).max(1000),
  baseUrl: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\//, "The base URL starts with http:// or https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export const openAiCredentialsDataSchema = aiCredentialsDataSchema;
/** A plug-in's key (NocoDB API token, Segment write key, PostHog project key, Blink app token); `baseUrl`: a self-hosted instance or another region. */
export const pluginKeyCredentialsDataSchema = aiCredentialsDataSchema;

const optionalBaseUrl = aiCredentialsDataSchema.shape.baseUrl;
const optionalKey = z.string().trim().max(1000).optional();

/** Dify.AI: the app's key (chat messages) and/or the knowledge base key; `baseUrl` is a self-hosted instance. */
export const difyCredentialsDataSchema = z
  .object({ apiKey: optionalKey, knowledgeApiKey: optionalKey, baseUrl: optionalBaseUrl })
  .refine((data) => Boolean(data.apiKey || data.knowledgeApiKey), {
    message: "Give the app's API key, the knowledge base API key, or both",
    path: ["apiKey"],
  });

/** Secrets for HTTP requests (kept for the builder; no block of this server reads them yet). */
export const httpCredentialsDataSchema = z.object({
  baseUrl: z.string().max(2000).optional(),
  headers: z.record(z.string(), z.string().max(5000)).optional(),
  queryParams: z.record(z.string(), z.string().max(5000)).optional(),
});

// Messaging-app channels (issue 21): the app's own secrets; see README "Messaging apps".
const secretText = z.string().trim().min(1).max(1000);
/** WhatsApp Cloud API: the business number's id, a system-user token, the app secret (signatures) and the handshake token. */
export const whatsAppCredentialsDataSchema = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, "The phone number id is digits only"),
  accessToken: secretText,
  appSecret: secretText,
  verifyToken: secretText,
});
/** Telegram Bot API: the bot's token from BotFather and the secret Telegram echoes on every webhook call. */
export const telegramCredentialsDataSchema = z.object({
  botToken: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]+$/, "A bot token looks like 123456:ABC-def"),
  secretToken: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "The secret token is 1 to 256 letters, digits, _ or -"),
});

/** Google's token object as its token endpoint gives it; `expiry_date` in epoch ms. */
export const googleTokenDataSchema = z.object({
  access_token: z.string().min(1).max(5000),
  refresh_token: z.string().max(5000).optional(),
  expiry_date: z.number().optional(),
  token_type: z.string().max(100).optional(),
  id_token: z.string().max(10000).optional(),
  scope: z.string().max(2000).optional(),
});

/** Zendesk's Conversations API key: the id goes in the user token's header, the secret signs it on the server. */
export const zendeskCredentialsDataSchema = z.object({
  conversationsKeyId: z.string().trim().min(1).max(200),
  conversationsSecretKey: z.string().trim().min(1).max(1000),
});

export const credentialsDataSchemas = {
  smtp: smtpCredentialsDataSchema,
  zendesk: zendeskCredentialsDataSchema,
  http: httpCredentialsDataSchema,
  whatsapp: whatsAppCredentialsDataSchema,
  telegram: telegramCredentialsDataSchema,
  ...(Object.fromEntries(aiCredentialsTypes.map((type) => [type, aiCredentialsDataSchema])) as {
    [T in AiCredentialsType]: typeof aiCredentialsDataSchema;
  }),
  ...(Object.fromEntries(pluginKeyCredentialsTypes.map((type) => [type, pluginKeyCredentialsDataSchema])) as {
    [T in PluginKeyCredentialsType]: typeof pluginKeyCredentialsDataSchema;
  }),
  "google sheets": googleTokenDataSchema,
  gmail: googleTokenDataSchema,
  "dify-ai": difyCredentialsDataSchema,
} as const;

export type CredentialsData = { [T in CredentialsType]: z.infer<(typeof credentialsDataSchemas)[T]> };

const name = z.string().trim().min(1).max(200);

export const credentialsCreateInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("smtp"), name, data: smtpCredentialsDataSchema }),
  z.object({ type: z.literal("http"), name, data: httpCredentialsDataSchema }),
  z.object({ type: z.enum(aiCredentialsTypes), name, data: aiCredentialsDataSchema }),
  z.object({ type: z.enum(pluginKeyCredentialsTypes), name, data: pluginKeyCredentialsDataSchema }),
  z.object({ type: z.literal("whatsapp"), name, data: whatsAppCredentialsDataSchema }),
  z.object({ type: z.literal("telegram"), name, data: telegramCredentialsDataSchema }),
  // Usually stored by the builder's "Connect a Google account"; a token from elsewhere may be given too.
  z.object({ type: z.enum(googleCredentialsTypes), name, data: googleTokenDataSchema }),
  z.object({ type: z.literal("dify-ai"), name, data: difyCredentialsDataSchema }),
  z.object({ type: z.literal("zendesk"), name, data: zendeskCredentialsDataSchema }),
]);
export type CredentialsCreateInput = z.infer<typeof credentialsCreateInputSchema>;

/** What routes show: never the data. */
export const credentialsSummarySchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  type: z.enum(credentialsTypes),
  name: z.string(),
  createdAt: z.string(),
});
export type CredentialsSummary = z.infer<typeof credentialsSummarySchema>;
