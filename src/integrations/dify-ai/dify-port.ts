import type {
  AiFailure,
  AiUsage,
  DifyChatRequest,
  DifyChatResult,
  DifyPort,
  IntegrationScope,
} from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { apiFailure, callApi, readJson, serviceBaseUrl } from "../http/api-call.js";
import { type DifyEvent, difyEvents, difyUsage } from "./dify-events.js";

export const DIFY_BASE_URL = "https://api.dify.ai";
const LABEL = "Dify.AI";
/** A whole streamed answer, agents' tool rounds included. */
const CHAT_TIMEOUT_MS = 120_000;

/** An `error` event in the middle of the stream. */
class DifyStreamError extends Error {
  constructor(readonly event: DifyEvent) {
    super(typeof event.message === "string" ? event.message : "Dify reported an error");
  }
}

function streamFailure(error: unknown): AiFailure {
  if (error instanceof DifyStreamError)
    return {
      ok: false,
      error: `${LABEL} API error - ${typeof error.event.status === "number" ? error.event.status : "stream error"}`,
      ...(typeof error.event.status === "number" ? { status: error.event.status } : {}),
      details: JSON.stringify({ code: error.event.code, message: error.event.message }),
    };
  return apiFailure(LABEL, error);
}

/**
 * A Dify.AI app: POST `{base}/v1/chat-messages` in streaming mode (agent apps answer only that way),
 * whose `message` / `agent_message` events carry the answer's pieces and `message_end` the conversation
 * id and the token counts; and POST `{base}/v1/datasets/{id}/retrieve` for a knowledge base. A base URL
 * given with its `/v1` is taken without it.
 */
export function createDifyPort(options: { vault: CredentialsVault; guardedFetch: typeof fetch }): DifyPort {
  /** The instance's address and the key the call needs, or why there is none. */
  async function access(
    key: "apiKey" | "knowledgeApiKey",
    credentialsId: string,
    scope: IntegrationScope,
  ): Promise<{ base: string; apiKey: string } | AiFailure> {
    const credentials = await options.vault.resolve("dify-ai", credentialsId, scope);
    if (!credentials) return { ok: false, error: "Could not find credentials for block dify-ai" };
    const apiKey = credentials[key];
    if (!apiKey)
      return {
        ok: false,
        error: key === "apiKey" ? "No API key provided" : "No knowledge base API key provided",
      };
    return { base: serviceBaseUrl(credentials.baseUrl, DIFY_BASE_URL).replace(/\/v1$/, ""), apiKey };
  }

  async function streamChatMessage(request: DifyChatRequest, scope: IntegrationScope) {
    const call = await access("apiKey", request.credentialsId, scope);
    if ("ok" in call) return call;
    const called = await callApi(options.guardedFetch, LABEL, `${call.base}/v1/chat-messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${call.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        query: request.query,
        inputs: request.inputs,
        response_mode: "streaming",
        user: request.user,
        ...(request.conversationId ? { conversation_id: request.conversationId } : {}),
      }),
      timeoutMs: CHAT_TIMEOUT_MS,
      deadline: request.deadline,
    });
    if (!called.ok) return called;
    const body = called.response.body;
    if (!body) return { ok: false as const, error: `${LABEL} API error - malformed answer`, details: "No body" };
    const events = difyEvents(body)[Symbol.asyncIterator]();
    let conversationId: string | undefined;
    let usage: AiUsage = {};
    /** The text piece an event carries; an error event throws. */
    const take = (event: DifyEvent): string | undefined => {
      if (typeof event.conversation_id === "string" && event.conversation_id) conversationId = event.conversation_id;
      if (event.event === "error") throw new DifyStreamError(event);
      if (event.event === "message_end") usage = difyUsage(event);
      if ((event.event === "message" || event.event === "agent_message") && typeof event.answer === "string")
        return event.answer || undefined;
      return undefined;
    };
    // The first piece (or the failure) is awaited here, so that a refusal is an answer, not a broken stream.
    let first: string | undefined;
    try {
      for (;;) {
        const next = await events.next();
        if (next.done) break;
        first = take(next.value);
        if (first !== undefined) break;
      }
    } catch (error) {
      await body.cancel().catch(() => undefined);
      return streamFailure(error);
    }
    let answer = first ?? "";
    let settle!: (result: DifyChatResult) => void;
    const result = new Promise<DifyChatResult>((resolve) => (settle = resolve));
    async function* chunks(): AsyncGenerator<string> {
      try {
        if (first !== undefined) yield first;
        for (;;) {
          const next = await events.next();
          if (next.done) break;
          const piece = take(next.value);
          if (piece === undefined) continue;
          answer += piece;
          yield piece;
        }
        settle({ ok: true, answer, ...(conversationId ? { conversationId } : {}), usage });
      } catch (error) {
        const failure = streamFailure(error);
        settle(failure);
        throw new Error(failure.details ? `${failure.error}: ${failure.details}` : failure.error);
      } finally {
        // A reader that stopped early still gets what came so far.
        settle({ ok: true, answer, ...(conversationId ? { conversationId } : {}), usage });
      }
    }
    return { ok: true as const, chunks: chunks(), result };
  }

  return {
    streamChatMessage,

    async chatMessage(request, scope) {
      const streamed = await streamChatMessage(request, scope);
      if (!streamed.ok) return streamed;
      try {
        for await (const _piece of streamed.chunks);
      } catch {
        // The failure is the result's.
      }
      return streamed.result;
    },

    async retrieve(request, scope) {
      const call = await access("knowledgeApiKey", request.credentialsId, scope);
      if ("ok" in call) return call;
      const called = await callApi(
        options.guardedFetch,
        LABEL,
        `${call.base}/v1/datasets/${encodeURIComponent(request.datasetId)}/retrieve`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${call.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ query: request.query }),
          deadline: request.deadline,
        },
      );
      if (!called.ok) return called;
      const read = await readJson(LABEL, called.response);
      if (!read.ok) return read;
      const records = (read.json as { records?: unknown } | null)?.records;
      if (!Array.isArray(records))
        return { ok: false, error: `${LABEL} API error - malformed answer`, details: JSON.stringify(read.json) };
      const chunks = records
        .map((record) => (record as { segment?: { content?: unknown } } | null)?.segment?.content)
        .filter((content): content is string => typeof content === "string");
      return { ok: true, chunks };
    },
  };
}
