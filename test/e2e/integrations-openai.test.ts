import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
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

let listener: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  model = await modelServer();
  // Another local server, as reachable as the model: only the credential's address decides where the key goes.
  listener = await recordingServer((_request, response) => sendJson(response, 200, { choices: [] }));
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
  credentialsId = await parley.createCredentials("openai", "Local model", {
    apiKey: API_KEY,
    baseUrl: `${model.url}/v1`,
  });
});
afterAll(async () => {
  await parley.close();
  await model.close();
  await listener.close();
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
    const wrongKey = await parley.createCredentials("openai", "Wrong key", {
      apiKey: "sk-wrong",
      baseUrl: `${model.url}/v1`,
    });
    const publicId = await parley.publish(chatBot({ credentialsId: wrongKey }));
    const started = await parley.start(publicId);
    const reply = await parley.send(started.body.sessionId, "Hi");
    expect(bubbleTexts(reply.body)).toEqual(["", "Tokens: "]);
    expect(reply.body.logs).toEqual([
      { status: "error", description: "OpenAI API error - 401", details: '{"error":{"message":"Incorrect API key"}}' },
    ]);
  });

  it("calls the credential's own base URL when the block names none", async () => {
    const publicId = await parley.publish(chatBot({ baseUrl: undefined }));
    const started = await parley.start(publicId);
    const before = model.received.length;
    const reply = await parley.send(started.body.sessionId, "Where?");
    expect(bubbleTexts(reply.body)).toEqual(["You asked: Where?", "Tokens: 17"]);
    expect(model.received.slice(before).map((call) => call.headers.authorization)).toEqual([`Bearer ${API_KEY}`]);
  });

  it("never sends the workspace's key to a block's base URL that is not the credential's, in a member's preview or live", async () => {
    // A member edits bots but cannot manage credentials: the audit's member pointed the block at a listener.
    const member = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, member.userId, "MEMBER");
    const memberApi = createClient(parley.server.baseUrl, member.token);
    const hijack = chatBot({ baseUrl: `${listener.url}/v1` });
    const created = await memberApi.post("/v1/bots", { workspaceId: parley.user.workspaceId, bot: hijack });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const botId = created.body.bot.id as string;
    const refusal = {
      status: "error",
      description: `The block's base URL ${listener.url}/v1 is not the one saved with its credentials: a credential's key is only sent to its own base URL. Clear the block's base URL, or have an admin save this address with the credentials.`,
    };

    const preview = await memberApi.post(`/v1/bots/${botId}/preview/startChat`, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const previewed = await memberApi.post(`/v1/sessions/${preview.body.sessionId}/continueChat`, { message: "Hi" });
    expect(previewed.body.logs).toEqual([refusal]);

    const publicId = (await memberApi.post(`/v1/bots/${botId}/publish`)).body.publicId as string;
    const started = await parley.start(publicId);
    const live = await parley.send(started.body.sessionId, "Hi");
    expect(bubbleTexts(live.body)).toEqual(["", "Tokens: "]);
    expect(await parley.storedLogs(started.body.resultId)).toEqual([expect.objectContaining(refusal)]);
    expect(listener.received).toEqual([]);
  });

  it("calls a block's own base URL without any key when the block names no credential", async () => {
    const publicId = await parley.publish(chatBot({ credentialsId: undefined, baseUrl: `${listener.url}/v1` }));
    const started = await parley.start(publicId);
    await parley.send(started.body.sessionId, "Hi");
    expect(listener.received.map((call) => [call.url, call.headers.authorization])).toEqual([
      ["/v1/chat/completions", undefined],
    ]);
    listener.received.length = 0;
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
