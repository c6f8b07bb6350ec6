import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiProvider } from "../../engine/ports.js";
import { aiProviders } from "./providers.js";

export type ProviderAccess = {
  /** Absent only for the legacy block pointed at a server that needs no key. */
  apiKey?: string;
  baseUrl: string;
  apiVersion?: string;
  fetch: typeof fetch;
  /** Ask for token counts at the end of a stream (the legacy block never read them). */
  includeUsage?: boolean;
};

/**
 * The chat model of a provider: Anthropic through its Messages API, every other provider through the
 * OpenAI chat completions protocol at its own base URL.
 */
export function chatModel(provider: AiProvider, model: string, access: ProviderAccess): LanguageModel {
  const info = aiProviders[provider];
  if (info.protocol === "anthropic")
    return createAnthropic({ apiKey: access.apiKey ?? "", baseURL: access.baseUrl, fetch: access.fetch })(model);
  return createOpenAICompatible({
    name: provider,
    baseURL: access.baseUrl,
    ...(access.apiKey ? { apiKey: access.apiKey } : {}),
    // Azure-style deployments read the key from `api-key` and want the version in the query.
    ...(access.apiVersion
      ? {
          queryParams: { "api-version": access.apiVersion },
          headers: access.apiKey ? { "api-key": access.apiKey } : {},
        }
      : {}),
    fetch: access.fetch,
    includeUsage: access.includeUsage ?? true,
    supportsStructuredOutputs: info.structuredOutputs,
  }).chatModel(model);
}
