import type { ChatNodePort } from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { callApi, readJson, serviceBaseUrl } from "../http/api-call.js";

export const CHAT_NODE_BASE_URL = "https://api.public.chatnode.ai";
const LABEL = "ChatNode";

/** ChatNode: POST `{base}/v1/{botId}` `{message, chat_session_id?}` (Bearer); answers `message` and `chat_session_id`. */
export function createChatNodePort(options: { vault: CredentialsVault; guardedFetch: typeof fetch }): ChatNodePort {
  return {
    async sendMessage(request, scope) {
      const credentials = await options.vault.resolve("chat-node", request.credentialsId, scope);
      if (!credentials) return { ok: false, error: "Could not find credentials for block chat-node" };
      const base = serviceBaseUrl(credentials.baseUrl, CHAT_NODE_BASE_URL);
      const called = await callApi(options.guardedFetch, LABEL, `${base}/v1/${encodeURIComponent(request.botId)}`, {
        method: "POST",
        headers: { authorization: `Bearer ${credentials.apiKey}`, "content-type": "application/json" },
        deadline: request.deadline,
        body: JSON.stringify({
          message: request.message,
          ...(request.threadId ? { chat_session_id: request.threadId } : {}),
        }),
      });
      if (!called.ok) return called;
      const read = await readJson(LABEL, called.response);
      if (!read.ok) return read;
      const answer = read.json as { message?: unknown; chat_session_id?: unknown } | null;
      if (typeof answer?.message !== "string")
        return { ok: false, error: `${LABEL} API error - malformed answer`, details: JSON.stringify(read.json) };
      return {
        ok: true,
        message: answer.message,
        ...(typeof answer.chat_session_id === "string" ? { threadId: answer.chat_session_id } : {}),
      };
    },
  };
}
