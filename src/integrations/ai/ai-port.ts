import { generateText, jsonSchema, Output, stepCountIs, streamText, type ModelMessage } from "ai";
import type {
  AiChatRequest,
  AiChatResult,
  AiFailure,
  AiMessage,
  AiPort,
  AiProvider,
  IntegrationScope,
} from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { credentialDestination } from "../credentials/credential-destination.js";
import { createGuardedFetch } from "../http/guarded-fetch.js";
import type { AddressGuard } from "../http/guarded-request.js";
import { aiFailure } from "./ai-failure.js";
import { retryingFetch } from "./deadline-fetch.js";
import { chatModel } from "./language-models.js";
import { type CallAccess, toolSet } from "./call-access.js";
import { createOpenAiActions } from "./openai-actions.js";
import { aiProviders, providerBaseUrl } from "./providers.js";
import { withImages } from "./vision.js";

/** A model that has not answered after this long is given up (unless the turn's deadline comes first). */
export const AI_CALL_TIMEOUT_MS = 120_000;
/** Tool rounds of a chat completion, as the reference allows. */
const MAX_CHAT_STEPS = 6;

export type AiPortOptions = {
  vault: CredentialsVault;
  guard: AddressGuard;
  /** Stores generated audio with the uploads; answers its public URL. */
  storeAudio(bytes: Uint8Array, extension: string): Promise<string>;
  timeoutMs?: number;
};

export function createAiPort(options: AiPortOptions): AiPort {
  // Downloads and probes of the bot's own URLs (images, audio) carry no key.
  const guardedFetch = createGuardedFetch(options.guard);
  // Provider calls carry the key: a redirect to another origin is refused, not followed.
  const providerFetch = createGuardedFetch(options.guard, { keepOnOrigin: true });
  const timeoutMs = options.timeoutMs ?? AI_CALL_TIMEOUT_MS;

  /**
   * The key and base URL from the credential; a failure with the reference's text when it is not there.
   * A block's own base URL never takes the key elsewhere (credential-destination.ts).
   */
  async function access(
    request: { provider: AiProvider; credentialsId?: string; deadline?: number; baseUrl?: string; apiVersion?: string },
    scope: IntegrationScope,
  ): Promise<CallAccess | AiFailure> {
    let credential: { apiKey: string; baseUrl?: string } | undefined;
    if (request.credentialsId) {
      credential = await options.vault.resolve(request.provider, request.credentialsId, scope);
      if (!credential) return { ok: false, error: `Could not find credentials for block ${request.provider}` };
    }
    const destination = credentialDestination({
      serviceBaseUrl: providerBaseUrl(request.provider),
      credential,
      blockBaseUrl: request.baseUrl,
    });
    if (!destination.ok) return { ok: false, error: destination.error };
    const apiKey = credential?.apiKey;
    const deadline = Math.min(request.deadline ?? Number.POSITIVE_INFINITY, Date.now() + timeoutMs);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(Object.assign(new Error("The model did not answer in time"), { name: "TimeoutError" })),
      Math.max(0, deadline - Date.now()),
    );
    return {
      ...(apiKey ? { apiKey } : {}),
      baseUrl: destination.baseUrl,
      ...(request.apiVersion ? { apiVersion: request.apiVersion } : {}),
      fetch: retryingFetch(providerFetch, deadline),
      signal: controller.signal,
      done: () => clearTimeout(timer),
    };
  }

  async function prepare(request: AiChatRequest, call: CallAccess) {
    const info = aiProviders[request.provider];
    const messages = info.vision ? await withImages(request.messages, guardedFetch) : request.messages;
    return {
      model: chatModel(request.provider, request.model, call),
      messages: toModelMessages(messages),
      // The bot's author writes the system messages; the visitor's words only ever fill user messages.
      allowSystemInMessages: true,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.tools?.length ? { tools: toolSet(request.tools), stopWhen: stepCountIs(MAX_CHAT_STEPS) } : {}),
      maxRetries: 0,
      abortSignal: call.signal,
      // Image URLs go to the provider as URLs (it fetches them), never downloaded by this server.
      experimental_download: async (requested: { url: URL }[]) => requested.map(() => null),
    };
  }

  const label = (provider: AiProvider) => aiProviders[provider].label;

  return {
    async chat(request, scope) {
      const call = await access(request, scope);
      if ("ok" in call) return call;
      try {
        const result = await generateText(await prepare(request, call));
        return { ok: true, text: result.text, usage: usageOf(result.totalUsage) };
      } catch (error) {
        return aiFailure(label(request.provider), error, call.signal);
      } finally {
        call.done();
      }
    },

    async streamChat(request, scope) {
      const call = await access(request, scope);
      if ("ok" in call) return call;
      const live: CallAccess = call;
      let settle!: (result: AiChatResult) => void;
      const result = new Promise<AiChatResult>((resolve) => (settle = resolve));
      try {
        const stream = streamText({ ...(await prepare(request, call)), onError: () => undefined });
        const parts = stream.fullStream[Symbol.asyncIterator]();
        // The first piece of text (or the failure) is awaited here, so that a refusal is an answer, not a broken stream.
        const first: string[] = [];
        for (;;) {
          const next = await parts.next();
          if (next.done) break;
          if (next.value.type === "error") {
            call.done();
            return aiFailure(label(request.provider), next.value.error, call.signal);
          }
          if (next.value.type === "text-delta" && next.value.text) {
            first.push(next.value.text);
            break;
          }
        }
        let text = first.join("");
        async function* chunks(): AsyncGenerator<string> {
          try {
            yield* first;
            for (;;) {
              const next = await parts.next();
              if (next.done) break;
              if (next.value.type === "error") throw next.value.error;
              if (next.value.type === "text-delta" && next.value.text) {
                text += next.value.text;
                yield next.value.text;
              }
            }
            settle({ ok: true, text, usage: usageOf(await stream.totalUsage) });
          } catch (error) {
            const failure = aiFailure(label(request.provider), error, live.signal);
            settle(failure);
            throw new Error(failure.details ? `${failure.error}: ${failure.details}` : failure.error);
          } finally {
            live.done();
            settle({ ok: true, text, usage: {} });
          }
        }
        return { ok: true, chunks: chunks(), result };
      } catch (error) {
        call.done();
        return aiFailure(label(request.provider), error, call.signal);
      }
    },

    async generateObject(request, scope) {
      const call = await access(request, scope);
      if ("ok" in call) return call;
      const info = aiProviders[request.provider];
      try {
        const result = await generateText({
          model: chatModel(request.provider, request.model, call),
          // Providers without JSON-schema outputs get JSON mode; the schema is then told in words.
          ...(info.structuredOutputs || info.protocol === "anthropic"
            ? {}
            : {
                system: `Answer with one JSON object that follows this JSON schema: ${JSON.stringify(request.schema)}`,
              }),
          prompt: request.prompt,
          output: Output.object({ schema: jsonSchema<Record<string, unknown>>(request.schema) }),
          ...(info.protocol === "anthropic"
            ? { providerOptions: { anthropic: { structuredOutputMode: "jsonTool" } } }
            : {}),
          maxRetries: 0,
          abortSignal: call.signal,
        });
        return { ok: true, object: result.output };
      } catch (error) {
        return aiFailure(info.label, error, (call as CallAccess).signal);
      } finally {
        (call as CallAccess).done();
      }
    },

    ...createOpenAiActions({ access, guardedFetch, storeAudio: options.storeAudio }),
  };
}

function toModelMessages(messages: AiMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    if (message.role !== "user" || typeof message.content === "string")
      return { role: message.role, content: message.content as string };
    return {
      role: "user",
      content: message.content.map((part) =>
        part.type === "text" ? { type: "text", text: part.text } : { type: "image", image: new URL(part.url) },
      ),
    };
  });
}

function usageOf(usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number } | undefined) {
  return {
    ...(usage?.totalTokens !== undefined ? { totalTokens: usage.totalTokens } : {}),
    ...(usage?.inputTokens !== undefined ? { promptTokens: usage.inputTokens } : {}),
    ...(usage?.outputTokens !== undefined ? { completionTokens: usage.outputTokens } : {}),
  };
}
