import { FAKE_KEY, sendFakeJson, startFakeServer } from "./ai-fakes.js";

/** ChatNode bot ids whose calls fail with a 500, or answer a web page instead of JSON. */
export const BROKEN_CHAT_NODE_BOT = "bot-broken";
export const HTML_CHAT_NODE_BOT = "bot-html";

/** ChatNode's public API: POST /v1/{botId} answers the message echoed and the chat session id. */
export function fakeChatNode() {
  return startFakeServer((request, response) => {
    const botId = /^\/v1\/([^/?]+)$/.exec(request.path)?.[1];
    if (request.method !== "POST" || !botId) return sendFakeJson(response, 404, { error: "Not found" });
    if (request.headers.authorization !== `Bearer ${FAKE_KEY}`)
      return sendFakeJson(response, 401, { error: "Invalid API key" });
    if (botId === BROKEN_CHAT_NODE_BOT) return sendFakeJson(response, 500, { error: "Bot crashed" });
    if (botId === HTML_CHAT_NODE_BOT) {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<html>Maintenance</html>");
    }
    sendFakeJson(response, 200, {
      message: `ChatNode heard: ${request.json?.message}`,
      chat_session_id: request.json?.chat_session_id ?? "thread-new",
    });
  });
}
