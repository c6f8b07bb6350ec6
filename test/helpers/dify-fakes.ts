import type http from "node:http";
import { FAKE_KEY, sendFakeJson, startFakeServer } from "./ai-fakes.js";

export const DIFY_KNOWLEDGE_KEY = "dataset-fake-key";
/** Queries that make the fake misbehave: an error event in the middle of the stream, or an agent app's events. */
export const difyQueries = { failing: "please fail", agent: "ask the agent" } as const;
export const DIFY_USAGE = { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 };

const event = (response: http.ServerResponse, data: object) => response.write(`data: ${JSON.stringify(data)}\n\n`);

/**
 * A Dify.AI instance: chat messages answered as server-sent events (the answer "Dify says: <query>" in
 * word pieces, then `message_end` with the conversation id and usage), and a knowledge base retrieval.
 */
export function fakeDify() {
  return startFakeServer((request, response) => {
    if (request.method === "POST" && request.path === "/v1/chat-messages") {
      if (request.headers.authorization !== `Bearer ${FAKE_KEY}`)
        return sendFakeJson(response, 401, { code: "unauthorized", message: "Access token is invalid", status: 401 });
      const query = String(request.json?.query ?? "");
      const conversationId = request.json?.conversation_id || "conv-new";
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("event: ping\n\n");
      const kind = query === difyQueries.agent ? "agent_message" : "message";
      const words = `Dify says: ${query}`.match(/\S+\s*/g) ?? [];
      words.forEach((word, index) => {
        if (query === difyQueries.failing && index === 2)
          event(response, { event: "error", status: 400, code: "invalid_param", message: "The model refused" });
        else event(response, { event: kind, answer: word, conversation_id: conversationId, message_id: "m1" });
      });
      event(response, {
        event: "message_end",
        conversation_id: conversationId,
        metadata: { usage: DIFY_USAGE },
      });
      return response.end();
    }
    const dataset = /^\/v1\/datasets\/([^/]+)\/retrieve$/.exec(request.path)?.[1];
    if (request.method === "POST" && dataset) {
      if (request.headers.authorization !== `Bearer ${DIFY_KNOWLEDGE_KEY}`)
        return sendFakeJson(response, 401, { code: "unauthorized", message: "Access token is invalid", status: 401 });
      if (dataset !== "kb-1")
        return sendFakeJson(response, 404, { code: "not_found", message: "Dataset not found", status: 404 });
      return sendFakeJson(response, 200, {
        query: { content: request.json?.query },
        records: [
          { segment: { content: `Chunk about ${request.json?.query}` }, score: 0.9 },
          { segment: { content: "Another chunk" }, score: 0.5 },
        ],
      });
    }
    sendFakeJson(response, 404, { message: "Not found" });
  });
}
