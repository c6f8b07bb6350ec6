import type { IncomingMessage } from "node:http";
import type {
  ChatCompletionFailure,
  ChatCompletionPort,
  ChatCompletionRequest,
  IntegrationScope,
} from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { guardedRequest, type AddressGuard } from "../http/guarded-request.js";
import { decoded, readBody } from "../http/read-body.js";
import { completionChunks } from "./server-sent-events.js";

/** Models can be slow: the same ceiling as the HTTP request block's longest timeout. */
export const COMPLETION_TIMEOUT_MS = 120_000;
/** A stream that stays silent this long is given up. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

const missingAccount: ChatCompletionFailure = { ok: false, error: "Make sure to select an OpenAI account" };

/**
 * Chat completions from any OpenAI-compatible server, through the guarded HTTP client (a bot's
 * `baseUrl` is an address like any other). The API key comes from the workspace's credentials and
 * is sent to that server only; it never appears in a log.
 */
export function createChatCompletionPort(options: {
  vault: CredentialsVault;
  guard: AddressGuard;
}): ChatCompletionPort {
  return {
    async complete(request, scope) {
      const signal = AbortSignal.timeout(COMPLETION_TIMEOUT_MS);
      try {
        const sent = await post(request, scope, false, signal, options);
        if ("ok" in sent) return sent;
        const text = await readBody(sent);
        if ((sent.statusCode ?? 500) >= 400) return apiError(sent.statusCode, text);
        const json = JSON.parse(text) as {
          choices?: { message?: { content?: unknown } }[];
          usage?: Record<string, unknown>;
        };
        const content = json.choices?.[0]?.message?.content;
        const usage = json.usage ?? {};
        return {
          ok: true,
          content: typeof content === "string" ? content : "",
          usage: {
            totalTokens: count(usage.total_tokens),
            promptTokens: count(usage.prompt_tokens),
            completionTokens: count(usage.completion_tokens),
          },
        };
      } catch (error) {
        return failure(error, signal);
      }
    },

    async stream(request, scope) {
      const controller = new AbortController();
      let timer = setTimeout(
        () => controller.abort(new Error("The model did not answer in time")),
        STREAM_IDLE_TIMEOUT_MS,
      );
      const keepAlive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(new Error("The model stopped answering")), STREAM_IDLE_TIMEOUT_MS);
      };
      try {
        const sent = await post(request, scope, true, controller.signal, options);
        if ("ok" in sent) {
          clearTimeout(timer);
          return sent;
        }
        if ((sent.statusCode ?? 500) >= 400) {
          const text = await readBody(sent);
          clearTimeout(timer);
          return apiError(sent.statusCode, text);
        }
        return { ok: true, chunks: streamed(sent, keepAlive, () => clearTimeout(timer)) };
      } catch (error) {
        clearTimeout(timer);
        return failure(error, controller.signal);
      }
    },
  };
}

async function* streamed(response: IncomingMessage, keepAlive: () => void, done: () => void): AsyncGenerator<string> {
  try {
    yield* completionChunks(decoded(response), keepAlive);
  } finally {
    done();
    response.destroy();
  }
}

async function post(
  request: ChatCompletionRequest,
  scope: IntegrationScope,
  stream: boolean,
  signal: AbortSignal,
  options: { vault: CredentialsVault; guard: AddressGuard },
): Promise<IncomingMessage | ChatCompletionFailure> {
  let apiKey: string | undefined;
  if (request.credentialsId) {
    apiKey = (await options.vault.resolve("openai", request.credentialsId, scope))?.apiKey;
    if (!apiKey) return missingAccount;
  }
  const url = new URL(`${request.baseUrl.replace(/\/+$/, "")}/chat/completions`);
  if (request.apiVersion) url.searchParams.set("api-version", request.apiVersion);
  const body = {
    model: request.model,
    messages: request.messages,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(stream ? { stream: true } : {}),
  };
  return guardedRequest(
    {
      url: url.toString(),
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: stream ? "text/event-stream" : "application/json",
        // Azure deployments read `api-key`; everyone else reads the bearer token.
        ...(apiKey ? { authorization: `Bearer ${apiKey}`, "api-key": apiKey } : {}),
      },
      body: JSON.stringify(body),
      signal,
    },
    options.guard,
  );
}

function apiError(statusCode: number | undefined, text: string): ChatCompletionFailure {
  return { ok: false, error: `OpenAI API error - ${statusCode ?? 500}`, details: text.slice(0, 1000) };
}

function failure(error: unknown, signal: AbortSignal): ChatCompletionFailure {
  if (signal.aborted)
    return {
      ok: false,
      error: "OpenAI API error - timeout",
      details: String((signal.reason as Error)?.message ?? signal.reason),
    };
  return {
    ok: false,
    error: "OpenAI API error - request failed",
    details: error instanceof Error ? error.message : String(error),
  };
}

const count = (value: unknown) => (typeof value === "number" ? value : undefined);
