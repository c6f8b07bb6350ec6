import type { HttpPort } from "../../engine/ports.js";
import { AppError } from "../../errors.js";
import { aiProviders } from "../../integrations/ai/providers.js";
import type { CredentialsVault } from "../../integrations/credentials/credentials-vault.js";
import { type EmbeddingsSource, embedTexts } from "../../integrations/knowledge/embeddings.js";
import { type AiCredentialsType, aiCredentialsTypes } from "../../schemas/credentials.js";
import type { KnowledgeEmbeddings } from "../../schemas/knowledge.js";
import type { CredentialsRepository } from "../../store/credentials-repository.js";
import type { KnowledgeBaseRow } from "../../store/knowledge-bases-repository.js";

/** AI credentials whose provider speaks OpenAI's protocol, and so its /embeddings route. */
export const embeddingsCredentialsTypes = aiCredentialsTypes.filter(
  (type) => aiProviders[type].protocol === "openai-compatible",
);
const isEmbeddingsType = (type: string): type is AiCredentialsType =>
  (embeddingsCredentialsTypes as readonly string[]).includes(type);

/** The base's embeddings source as the API shows it; undefined: none. */
export function embeddingsSettingOf(base: KnowledgeBaseRow): KnowledgeEmbeddings | undefined {
  if (!base.embeddingsCredentialsId || !base.embeddingsModel) return undefined;
  return {
    credentialsId: base.embeddingsCredentialsId,
    model: base.embeddingsModel,
    ...(base.embeddingsBaseUrl ? { baseUrl: base.embeddingsBaseUrl } : {}),
  };
}

/**
 * What a vector was made by: the address and the model. Vectors with another signature are never
 * compared with a question (a changed model makes every document be indexed again).
 */
export const embeddingsSignature = (setting: KnowledgeEmbeddings) => `${setting.baseUrl ?? ""}|${setting.model}`;

/** A source named in a request must be a workspace credential of an OpenAI-compatible provider: else 400. */
export async function checkEmbeddingsCredentials(
  credentials: CredentialsRepository,
  workspaceId: string,
  embeddings: KnowledgeEmbeddings | null | undefined,
): Promise<void> {
  if (!embeddings) return;
  const row = await credentials.find(workspaceId, embeddings.credentialsId);
  if (row && isEmbeddingsType(row.type)) return;
  const message = row
    ? `Credentials of type ${row.type} cannot make embeddings: use an OpenAI-compatible provider's (${embeddingsCredentialsTypes.join(", ")})`
    : "The workspace has no such credentials";
  throw new AppError("BAD_REQUEST", message, { issues: [{ path: "body.embeddings.credentialsId", message }] });
}

export type KnowledgeEmbedder = {
  /**
   * One vector per text with the base's source, or a sentence saying why not. The credential is read
   * from the base's own workspace.
   */
  embed(
    base: KnowledgeBaseRow,
    texts: string[],
  ): Promise<{ ok: true; vectors: Float32Array[]; model: string } | { ok: false; error: string }>;
};

export function createKnowledgeEmbedder(options: {
  vault: CredentialsVault;
  credentials: CredentialsRepository;
  http: HttpPort;
  timeoutMs: number;
  batchSize: number;
}): KnowledgeEmbedder {
  return {
    async embed(base, texts) {
      const setting = embeddingsSettingOf(base);
      if (!setting) return { ok: false, error: "The knowledge base has no embeddings source." };
      const row = await options.credentials.find(base.workspaceId, setting.credentialsId);
      const type = row?.type;
      const data =
        type && isEmbeddingsType(type)
          ? await options.vault.resolve(type, setting.credentialsId, {
              workspaceId: base.workspaceId,
              botId: "",
              mode: "live",
            })
          : undefined;
      if (!type || !data || !isEmbeddingsType(type))
        return { ok: false, error: "The embeddings source's credentials are missing: choose others for the base." };
      const source: EmbeddingsSource = {
        baseUrl: setting.baseUrl ?? data.baseUrl ?? aiProviders[type].baseUrl,
        apiKey: data.apiKey,
        model: setting.model,
      };
      const result = await embedTexts(options.http, source, texts, {
        timeoutMs: options.timeoutMs,
        batchSize: options.batchSize,
      });
      return result.ok ? { ok: true, vectors: result.vectors, model: embeddingsSignature(setting) } : result;
    },
  };
}
