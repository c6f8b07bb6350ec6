import type { AiProvider } from "../../engine/ports.js";

export type ProviderInfo = {
  /** As the builder and the logs name it. */
  label: string;
  /** Where its API lives unless the credential says otherwise. */
  baseUrl: string;
  /** Which adapter speaks its protocol. */
  protocol: "openai-compatible" | "anthropic";
  /** Models offered in the builder: a fixed list, or read from `GET {baseUrl}/models`. */
  models: readonly string[] | { fetched: true; needsKey: boolean };
  /** Image URLs in user messages are sent as images. */
  vision: boolean;
  /** Structured output as a JSON schema (else JSON mode with the schema in the prompt). */
  structuredOutputs: boolean;
};

/** One row per AI block; defaults as the reference product has them. */
export const aiProviders: Record<AiProvider, ProviderInfo> = {
  openai: {
    label: "OpenAI",
    baseUrl: "https://api.openai.com/v1",
    protocol: "openai-compatible",
    models: ["gpt-5", "gpt-5-mini", "gpt-5-nano", "gpt-4.1", "gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "o3", "o4-mini"],
    vision: true,
    structuredOutputs: true,
  },
  anthropic: {
    label: "Anthropic",
    baseUrl: "https://api.anthropic.com/v1",
    protocol: "anthropic",
    models: [
      "claude-sonnet-4-5",
      "claude-opus-4-1",
      "claude-haiku-4-5",
      "claude-3-7-sonnet-latest",
      "claude-3-5-haiku-latest",
    ],
    vision: true,
    structuredOutputs: false,
  },
  mistral: {
    label: "Mistral",
    baseUrl: "https://api.mistral.ai/v1",
    protocol: "openai-compatible",
    models: [
      "mistral-large-latest",
      "mistral-medium-latest",
      "mistral-small-latest",
      "open-mistral-nemo",
      "codestral-latest",
    ],
    vision: false,
    structuredOutputs: false,
  },
  groq: {
    label: "Groq",
    baseUrl: "https://api.groq.com/openai/v1",
    protocol: "openai-compatible",
    models: { fetched: true, needsKey: true },
    vision: false,
    structuredOutputs: false,
  },
  deepseek: {
    label: "DeepSeek",
    baseUrl: "https://api.deepseek.com/v1",
    protocol: "openai-compatible",
    models: ["deepseek-chat", "deepseek-reasoner"],
    vision: false,
    structuredOutputs: false,
  },
  perplexity: {
    label: "Perplexity",
    baseUrl: "https://api.perplexity.ai",
    protocol: "openai-compatible",
    models: ["sonar", "sonar-pro", "sonar-reasoning", "sonar-reasoning-pro", "sonar-deep-research"],
    vision: false,
    structuredOutputs: false,
  },
  "together-ai": {
    label: "Together",
    baseUrl: "https://api.together.xyz/v1",
    protocol: "openai-compatible",
    models: [],
    vision: false,
    structuredOutputs: false,
  },
  "open-router": {
    label: "OpenRouter",
    baseUrl: "https://openrouter.ai/api/v1",
    protocol: "openai-compatible",
    models: { fetched: true, needsKey: false },
    vision: false,
    structuredOutputs: false,
  },
};

export const isAiProvider = (type: string): type is AiProvider => Object.hasOwn(aiProviders, type);

/** The provider's own address, or `override` (a credential's); trailing slashes dropped. */
export function providerBaseUrl(provider: AiProvider, override?: string): string {
  return (override || aiProviders[provider].baseUrl).replace(/\/+$/, "");
}
