import type { ForgedBlockType } from "./blocks/index.js";
import type { CredentialsType } from "./credentials.js";

/**
 * The workspace credentials each plug-in block names in `options.credentialsId`, or null for a
 * plug-in that needs none. Typed exhaustively: a new plug-in kind does not compile until it says
 * which credentials it takes. The builder's account pickers and the publish check read it.
 */
export const pluginCredentialsTypes: { readonly [K in ForgedBlockType]: CredentialsType | null } = {
  openai: "openai",
  anthropic: "anthropic",
  mistral: "mistral",
  groq: "groq",
  deepseek: "deepseek",
  perplexity: "perplexity",
  "together-ai": "together-ai",
  "open-router": "open-router",
  "cal-com": null,
  "chat-node": "chat-node",
  "qr-code": null,
  "dify-ai": "dify-ai",
  elevenlabs: "elevenlabs",
  nocodb: "nocodb",
  segment: "segment",
  posthog: "posthog",
  zendesk: "zendesk",
  blink: "blink",
  gmail: "gmail",
};

const isPluginKind = (type: string): type is ForgedBlockType => Object.hasOwn(pluginCredentialsTypes, type);

/** The credentials a block kind takes; null for every kind that is not a plug-in or needs none. */
export const credentialsTypeOfBlock = (type: string): CredentialsType | null =>
  isPluginKind(type) ? pluginCredentialsTypes[type] : null;
