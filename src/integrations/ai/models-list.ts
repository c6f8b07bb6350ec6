import type { AiFailure, AiProvider } from "../../engine/ports.js";
import { createGuardedFetch } from "../http/guarded-fetch.js";
import type { AddressGuard } from "../http/guarded-request.js";
import { aiProviders, providerBaseUrl } from "./providers.js";

const MODELS_TIMEOUT_MS = 10_000;

/**
 * The models offered for a credential: `GET {baseUrl}/models` (`data[].id`, sorted) for providers
 * that publish a list, and for any credential pointed at another server; the known list otherwise.
 */
export async function listModels(
  provider: AiProvider,
  data: { apiKey: string; baseUrl?: string },
  guard: AddressGuard,
): Promise<{ ok: true; models: string[] } | AiFailure> {
  const info = aiProviders[provider];
  const fetched = !Array.isArray(info.models) || (data.baseUrl && info.protocol === "openai-compatible");
  if (!fetched) return { ok: true, models: [...(info.models as readonly string[])] };
  const needsKey = Array.isArray(info.models) || (info.models as { needsKey: boolean }).needsKey;
  try {
    const response = await createGuardedFetch(guard, { keepOnOrigin: true })(
      `${providerBaseUrl(provider, data.baseUrl)}/models`,
      {
        headers: needsKey ? { authorization: `Bearer ${data.apiKey}` } : {},
        signal: AbortSignal.timeout(MODELS_TIMEOUT_MS),
      },
    );
    const text = await response.text();
    if (!response.ok)
      return { ok: false, error: `${info.label} API error - ${response.status}`, details: text.slice(0, 1000) };
    const list = (JSON.parse(text) as { data?: { id?: unknown }[] }).data ?? [];
    return {
      ok: true,
      models: list
        .map((entry) => entry.id)
        .filter((id): id is string => typeof id === "string")
        .sort(),
    };
  } catch (error) {
    return {
      ok: false,
      error: `${info.label} API error - request failed`,
      details: error instanceof Error ? error.message : String(error),
    };
  }
}
