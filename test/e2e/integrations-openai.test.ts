import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/conversation.js";
import { bubbleTexts, recordingServer, sendJson, startIntegrationServer } from "./integrations-harness.js";

const API_KEY = "sk-test-do-not-leak";
const STREAMED = ["Four", " is", " the", " answer."];

/** A local OpenAI-compatible server: plain JSON completions, or server-sent events when asked to stream. */
async function modelServer() {
  return recordingServer((request, response, body) => {
    if (request.url !== "/v1/chat/completions" || request.method !== "POST")
      return sendJson(response, 404, { error: "not found" });
    if (request.headers.authorization !== `Bearer ${API_KEY}`)
      return sendJson(response, 401, { error: { message: "Incorrect API key" } });
    const parsed = JSON.parse(body) as { stream?: boolean; messages: { content: string }[] };
    if (!parsed.stream)
      return sendJson(response, 200, {
        choices: [
          { index: 0, message: { role: "assistant", content: `You asked: ${parsed.messages.at(-1)?.content}` } },
        ],
        usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
      });
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let index = 0;
    const timer = setInterval(() => {
      if (index < STREAMED.length) {
        response.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: STREAMED[index++] } }] })}\n\n`,
        );
        return;
      }
      clearInterval(timer);
      response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      response.end("data: [DONE]\n\n");
    }, 20);
  });
}

let model: Awaited<ReturnType<typeof modelServer>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let credentialsId: string;

beforeAll(async () => {
  model = await modelServer();
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${model.port}` });
  credentialsId = await parley.createCredentials("openai", "Local model", { apiKey: API_KEY });
});
afterAll(async () => {
  await parley.close();
  await model.close();
});

function chatBot(options: Record<string, unknown> = {}) {
  return buildBot({
    variables: [
      { id: "v-q", name: "Question" },
      { id: "v-answer", name: "Answer" },
      { id: "v-total", name: "Total" },
    ],
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          {
            id: "ai",
            type: "OpenAI",
            options: {
              task: "Create chat completion",
              credentialsId,
              baseUrl: `${model.url}/v1`,
              model: "local-model",
              messages: [
                { id: "m1", role: "system", content: "Answer briefly." },
                { id: "m2", role: "user", content: "{{Question}}" },
              ],
              responseMapping: [
                { id: "r1", valueToExtract: "Message content", variableId: "v-answer" },
                { id: "r2", valueToExtract: "Total tokens", variableId: "v-total" },
              ],
              ...options,
            },
          },
          say("reply", "{{Answer}}"),
          say("after", "Tokens: {{Total}}"),
        ],
      },
    ],
  });
}

describe("OpenAI block against a local OpenAI-compatible server", () => {
  it("calls the model with the workspace's key and maps the reply and the token count", async () => {
    const publicId = await parley.publish(chatBot());
    const started = await parley.start(publicId);
    const before = model.received.length;
    const reply = await parley.send(started.body.sessionId, "What is 2+2?");
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(bubbleTexts(reply.body)).toEqual(["You asked: What is 2+2?", "Tokens: 17"]);

    const [call] = model.received.slice(before);
    expect(JSON.parse(call.body)).toEqual({
      model: "local-model",
      messages: [
        { role: "system", content: "Answer briefly." },
        { role: "user", content: "What is 2+2?" },
      ],
    });
    expect(call.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(await parley.resultVariables(started.body.resultId)).toMatchObject({
      Answer: "You asked: What is 2+2?",
      Total: "17",
    });
  });

  it("logs the server's refusal and goes on", async () => {
    const wrongKey = await parley.createCredentials("openai", "Wrong key", { apiKey: "sk-wrong" });
    const publicId = await parley.publish(chatBot({ credentialsId: wrongKey }));
    const started = await parley.start(publicId);
    const reply = await parley.send(started.body.sessionId, "Hi");
    expect(bubbleTexts(reply.body)).toEqual(["", "Tokens: "]);
    expect(reply.body.logs).toEqual([
      { status: "error", description: "OpenAI API error - 401", details: '{"error":{"message":"Incorrect API key"}}' },
    ]);
  });

  /** Starts a streaming chat, asks the question and reads the stream; returns the session. */
  async function streamedChat() {
    const publicId = await parley.publish(chatBot());
    const started = await parley.start(publicId, { isStreamEnabled: true });
    const sessionId = started.body.sessionId as string;
    const asked = await parley.send(sessionId, "Stream it");
    const before = model.received.length;
    const streamed = await fetch(`${parley.server.baseUrl}/v1/sessions/${sessionId}/streamMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "ignored: the server rebuilds the messages" }] }),
    });
    const pieces: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of streamed.body as unknown as AsyncIterable<Uint8Array>)
      pieces.push(decoder.decode(chunk, { stream: true }));
    return {
      sessionId,
      resultId: started.body.resultId as string,
      asked,
      streamed,
      pieces,
      call: model.received[before],
    };
  }

  it("streams the reply through streamMessage, then stores the text the client sends back", async () => {
    const { sessionId, resultId, asked, streamed, pieces, call } = await streamedChat();
    expect(asked.body.messages).toEqual([]);
    expect(asked.body.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(pieces.join("")).toBe("Four is the answer.");
    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(call.body)).toEqual({
      model: "local-model",
      messages: [
        { role: "system", content: "Answer briefly." },
        { role: "user", content: "Stream it" },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(call.headers.authorization).toBe(`Bearer ${API_KEY}`);

    const done = await parley.send(sessionId, "Four is the answer.");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await parley.resultVariables(resultId)).toMatchObject({ Answer: "Four is the answer." });
  });

  // Needs continueSession to walk from the `goTo` a resume returns (see the integration notes).
  it("goes on after the bubble that already showed the streamed text", async () => {
    const { sessionId } = await streamedChat();
    const done = await parley.send(sessionId, "Four is the answer.");
    expect(bubbleTexts(done.body)).toEqual(["Tokens: "]);
  });

  it("refuses streamMessage when the session does not wait for a stream", async () => {
    const publicId = await parley.publish(chatBot());
    const started = await parley.start(publicId);
    const response = await parley.chat.post(`/v1/sessions/${started.body.sessionId}/streamMessage`, {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "NO_STREAM", message: "This block does not have a stream function" });
    expect((await parley.chat.post("/v1/sessions/unknown-session/streamMessage", {})).status).toBe(404);
  });
});
