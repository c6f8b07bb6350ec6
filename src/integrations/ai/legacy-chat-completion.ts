import type { ChatCompletionPort, ChatCompletionRequest, AiChatRequest, AiPort } from "../../engine/ports.js";

/** The legacy block's own text when its credential is missing. */
const MISSING_ACCOUNT = "Make sure to select an OpenAI account";

/**
 * The legacy "OpenAI" block's completions, on the same adapter as the AI blocks: its `baseUrl` and
 * `apiVersion` are the block's, its failures read "OpenAI API error - <status>".
 */
export function chatCompletionOverAi(ai: AiPort): ChatCompletionPort {
  const toAi = (request: ChatCompletionRequest): AiChatRequest => ({
    provider: "openai",
    model: request.model,
    // Message names are not part of the AI SDK's prompt; no model the block targets needs them.
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    baseUrl: request.baseUrl,
    ...(request.credentialsId ? { credentialsId: request.credentialsId } : {}),
    ...(request.apiVersion ? { apiVersion: request.apiVersion } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  });
  const missing = (error: string) => (error.startsWith("Could not find credentials") ? MISSING_ACCOUNT : error);
  return {
    async complete(request, scope) {
      const result = await ai.chat(toAi(request), scope);
      if (!result.ok) return { ...result, error: missing(result.error) };
      return { ok: true, content: result.text, usage: result.usage };
    },
    async stream(request, scope) {
      const result = await ai.streamChat(toAi(request), scope);
      if (!result.ok) return { ...result, error: missing(result.error) };
      return { ok: true, chunks: result.chunks };
    },
  };
}
