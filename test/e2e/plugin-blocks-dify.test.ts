import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY } from "../helpers/ai-fakes.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { DIFY_KNOWLEDGE_KEY, DIFY_USAGE, difyQueries, fakeDify } from "../helpers/dify-fakes.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let dify: Awaited<ReturnType<typeof fakeDify>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
const credentials: Record<string, string> = {};

beforeAll(async () => {
  dify = await fakeDify();
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
  // Given with its /v1, as Dify's console shows the address: the calls still go to /v1/… once.
  credentials.app = await parley.createCredentials("dify-ai", "Dify app", {
    apiKey: FAKE_KEY,
    knowledgeApiKey: DIFY_KNOWLEDGE_KEY,
    baseUrl: `${dify.url}/v1`,
  });
  credentials.knowledgeOnly = await parley.createCredentials("dify-ai", "Dify knowledge", {
    knowledgeApiKey: DIFY_KNOWLEDGE_KEY,
    baseUrl: dify.url,
  });
  credentials.wrongKey = await parley.createCredentials("dify-ai", "Wrong", { apiKey: "wrong", baseUrl: dify.url });
});
afterAll(async () => {
  await parley.close();
  await dify.close();
});

const variables = [
  { id: "v-q", name: "Question" },
  { id: "v-answer", name: "Answer" },
  { id: "v-conversation", name: "Conversation" },
  { id: "v-total", name: "Total" },
  { id: "v-chunks", name: "Chunks" },
  { id: "v-lang", name: "Language", value: "French" },
];

const chatOptions = (extra: Json = {}) => ({
  credentialsId: credentials.app,
  action: "Create Chat Message",
  query: "{{Question}}",
  conversationVariableId: "v-conversation",
  inputs: [{ key: "language", value: "{{Language}}" }],
  responseMapping: [
    { item: "Message content", variableId: "v-answer" },
    { item: "Total tokens", variableId: "v-total" },
  ],
  ...extra,
});

/** Question → Dify → "{{Answer}}" → back to the question, so a conversation has several turns. */
function difyLoopBot(options: Json) {
  const bot = buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          { id: "dify", type: "dify-ai", options },
          say("reply", "{{Answer}}"),
        ],
      },
    ],
  });
  bot.groups[0].blocks[2].outgoingEdgeId = "e-loop";
  bot.edges.push(edge("e-loop", "g1"));
  return bot;
}

const storedLogs = (resultId: string) =>
  parley.server.ctx.store.db
    .selectFrom("logs")
    .select(["status", "description", "details", "context"])
    .where("resultId", "=", resultId)
    .execute();

async function readAll(response: Response): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text;
}

const streamMessage = (sessionId: string, version = "v2") =>
  fetch(`${parley.server.baseUrl}/${version}/sessions/${sessionId}/streamMessage`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });

describe("Dify.AI: Create Chat Message", () => {
  it("answers in the reply, keeps the conversation id and sends it on the next message", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions()));
    const started = await parley.start(publicId);
    const before = dify.received.length;
    const first = await parley.send(started.body.sessionId, "Hello");
    expect(bubbleTexts(first.body)).toEqual(["Dify says: Hello"]);
    expect(await parley.resultVariables(started.body.resultId)).toMatchObject({
      Answer: "Dify says: Hello",
      Conversation: "conv-new",
      Total: String(DIFY_USAGE.total_tokens),
    });
    const second = await parley.send(started.body.sessionId, "Again");
    expect(bubbleTexts(second.body)).toEqual(["Dify says: Again"]);
    const calls = dify.calls("/v1/chat-messages", before);
    expect(calls.map((call) => call.headers.authorization)).toEqual([`Bearer ${FAKE_KEY}`, `Bearer ${FAKE_KEY}`]);
    expect(calls[0].json).toEqual({
      query: "Hello",
      inputs: { language: "French" },
      response_mode: "streaming",
      user: "system@typebot.io",
    });
    expect(calls[1].json).toMatchObject({ query: "Again", conversation_id: "conv-new" });
    expect(await storedLogs(started.body.resultId)).toEqual([]);
  });

  it("reads an agent app's answer and the items of older bots (Answer, Conversation ID)", async () => {
    const options = chatOptions({
      conversationVariableId: undefined,
      responseMapping: [
        { item: "Answer", variableId: "v-answer" },
        { item: "Conversation ID", variableId: "v-conversation" },
        { item: "Total Tokens", variableId: "v-total" },
      ],
    });
    const publicId = await parley.publish(difyLoopBot(options));
    const started = await parley.start(publicId);
    const reply = await parley.send(started.body.sessionId, difyQueries.agent);
    expect(bubbleTexts(reply.body)).toEqual([`Dify says: ${difyQueries.agent}`]);
    expect(await parley.resultVariables(started.body.resultId)).toMatchObject({
      Conversation: "conv-new",
      Total: String(DIFY_USAGE.total_tokens),
    });
  });

  it("streams the answer to the client, saves the conversation id with the stream and the answer it showed", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions()));
    const started = await parley.start(publicId, { isStreamEnabled: true });
    const sessionId = started.body.sessionId as string;
    const asked = await parley.send(sessionId, "Stream it");
    expect(asked.body.messages).toEqual([]);
    expect(asked.body.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);
    const streamed = await streamMessage(sessionId);
    expect(streamed.status).toBe(200);
    const lines = (await readAll(streamed)).trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.startsWith("0:"))).toBe(true);
    const text = lines.map((line) => JSON.parse(line.slice(2)) as string).join("");
    expect(text).toBe("Dify says: Stream it");

    const done = await parley.send(sessionId, text);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The bubble already showed the answer: the flow is back at the question.
    expect(bubbleTexts(done.body)).toEqual([]);
    expect(done.body.input?.id).toBe("ask");
    expect(await parley.resultVariables(started.body.resultId)).toMatchObject({
      Answer: text,
      Conversation: "conv-new",
      Total: String(DIFY_USAGE.total_tokens),
    });

    // The next streamed message continues the conversation.
    const before = dify.received.length;
    await parley.send(sessionId, "Next");
    expect(await readAll(await streamMessage(sessionId, "v1"))).toBe("Dify says: Next");
    expect(dify.calls("/v1/chat-messages", before)[0].json?.conversation_id).toBe("conv-new");
  });

  it("tells a failure in the middle of the stream as an error part", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions()));
    const started = await parley.start(publicId, { isStreamEnabled: true });
    await parley.send(started.body.sessionId, difyQueries.failing);
    const lines = (await readAll(await streamMessage(started.body.sessionId))).trim().split("\n");
    expect(lines.slice(0, 2)).toEqual(['0:"Dify "', '0:"says: "']);
    const error = JSON.parse(JSON.parse(lines[2].slice(2)) as string);
    expect(error).toEqual({
      context: "While streaming the answer",
      description: `Dify.AI API error - 400: ${JSON.stringify({ code: "invalid_param", message: "The model refused" })}`,
    });
  });

  it("answers the stream route 404 when the credentials are gone, like the AI blocks", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions({ credentialsId: "deleted" })));
    const started = await parley.start(publicId, { isStreamEnabled: true });
    await parley.send(started.body.sessionId, "Hi");
    const refused = await parley.chat.post(`/v2/sessions/${started.body.sessionId}/streamMessage`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Could not find credentials");
  });

  it("logs Dify's refusal with its status and the chat's context; the flow goes on", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions({ credentialsId: credentials.wrongKey })));
    const started = await parley.start(publicId);
    const reply = await parley.send(started.body.sessionId, "Hi");
    expect(reply.status).toBe(200);
    expect(bubbleTexts(reply.body)).toEqual([""]);
    expect(reply.body.input?.id).toBe("ask");
    expect(await storedLogs(started.body.resultId)).toEqual([
      {
        status: "error",
        description: "Dify.AI API error - 401",
        details: JSON.stringify({ code: "unauthorized", message: "Access token is invalid", status: 401 }),
        context: "While generating chat completion",
      },
    ]);
  });

  it("logs an error event in a non-streamed chat, and keeps nothing of the half answer", async () => {
    const publicId = await parley.publish(difyLoopBot(chatOptions()));
    const started = await parley.start(publicId);
    await parley.send(started.body.sessionId, difyQueries.failing);
    expect((await parley.resultVariables(started.body.resultId)).Answer).toBeUndefined();
    expect(await storedLogs(started.body.resultId)).toEqual([
      {
        status: "error",
        description: "Dify.AI API error - 400",
        details: JSON.stringify({ code: "invalid_param", message: "The model refused" }),
        context: "While generating chat completion",
      },
    ]);
  });

  it.each([
    [{ credentialsId: undefined }, "Could not find credentials for block dify-ai"],
    [{ query: " " }, "Query is empty"],
    [{ credentialsId: "knowledgeOnly" }, "No API key provided"],
  ])("logs what is missing (%j) without calling Dify", async (extra, description) => {
    const options = chatOptions(extra);
    if ((extra as Json).credentialsId === "knowledgeOnly") options.credentialsId = credentials.knowledgeOnly;
    const publicId = await parley.publish(difyLoopBot(options));
    const started = await parley.start(publicId);
    const before = dify.received.length;
    await parley.send(started.body.sessionId, "Hi");
    expect(await storedLogs(started.body.resultId)).toEqual([
      { status: "error", description, details: null, context: null },
    ]);
    expect(dify.received.length).toBe(before);
  });
});

describe("Dify.AI: Query Knowledge Base", () => {
  const knowledgeOptions = (extra: Json = {}) => ({
    credentialsId: credentials.knowledgeOnly,
    action: "Query Knowledge Base",
    datasetId: "kb-1",
    query: "{{Question}}",
    responseMapping: [{ item: "Retrieved chunks", variableId: "v-chunks" }],
    ...extra,
  });
  const knowledgeBot = (options: Json) =>
    buildBot({
      variables,
      groups: [
        {
          id: "g1",
          blocks: [
            { id: "ask", type: "text input", options: { variableId: "v-q" } },
            { id: "kb", type: "dify-ai", options },
            say("reply", "Found: {{Chunks}}"),
          ],
        },
      ],
    });

  async function run(options: Json) {
    const publicId = await parley.publish(knowledgeBot(options));
    const started = await parley.start(publicId);
    const reply = await parley.send(started.body.sessionId, "refunds");
    return { reply: reply.body as Json, resultId: started.body.resultId as string };
  }

  it("saves the retrieved chunks as a list", async () => {
    const before = dify.received.length;
    const { resultId } = await run(knowledgeOptions());
    expect((await parley.resultVariables(resultId)).Chunks).toEqual(["Chunk about refunds", "Another chunk"]);
    const [call] = dify.calls("/v1/datasets/kb-1/retrieve", before);
    expect(call.headers.authorization).toBe(`Bearer ${DIFY_KNOWLEDGE_KEY}`);
    expect(call.json).toEqual({ query: "refunds" });
  });

  it("logs an unknown knowledge base with Dify's answer and context", async () => {
    const { reply, resultId } = await run(knowledgeOptions({ datasetId: "kb-unknown" }));
    expect(bubbleTexts(reply)).toEqual(["Found: "]);
    expect(await storedLogs(resultId)).toEqual([
      {
        status: "error",
        description: "Dify.AI API error - 404",
        details: JSON.stringify({ code: "not_found", message: "Dataset not found", status: 404 }),
        context: "While querying Dify knowledge base",
      },
    ]);
  });

  it.each([
    [{ datasetId: "" }, "Knowledge Base ID is empty"],
    [{ query: "" }, "Query is empty"],
    [{ responseMapping: [] }, "Missing result variable"],
    [{ credentialsId: "wrongKey" }, "No knowledge base API key provided"],
  ])("logs what is missing (%j)", async (extra, description) => {
    const options = knowledgeOptions(extra);
    if ((extra as Json).credentialsId === "wrongKey") options.credentialsId = credentials.wrongKey;
    const { resultId } = await run(options);
    expect((await storedLogs(resultId)).map((log) => log.description)).toEqual([description]);
  });
});
