import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { FAKE_AUDIO, FAKE_KEY, fakeAnthropic, fakeOpenAi } from "../helpers/ai-fakes.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let openAi: Awaited<ReturnType<typeof fakeOpenAi>>;
let anthropic: Awaited<ReturnType<typeof fakeAnthropic>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
const credentials: Record<string, string> = {};
const compatibleProviders = ["openai", "mistral", "groq", "deepseek", "perplexity", "together-ai", "open-router"];

beforeAll(async () => {
  openAi = await fakeOpenAi();
  anthropic = await fakeAnthropic();
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
  for (const provider of compatibleProviders)
    credentials[provider] = await parley.createCredentials(provider, `${provider} key`, {
      apiKey: FAKE_KEY,
      baseUrl: `${openAi.url}/v1`,
    });
  credentials.anthropic = await parley.createCredentials("anthropic", "Claude", {
    apiKey: FAKE_KEY,
    baseUrl: `${anthropic.url}/v1`,
  });
  credentials.wrongKey = await parley.createCredentials("openai", "Wrong key", {
    apiKey: "sk-wrong",
    baseUrl: `${openAi.url}/v1`,
  });
});
afterAll(async () => {
  await parley.close();
  await openAi.close();
  await anthropic.close();
});

const variables = [
  { id: "v-q", name: "Question" },
  { id: "v-answer", name: "Answer" },
  { id: "v-total", name: "Total" },
  { id: "v-dialogue", name: "Dialogue", value: ["Hello", "Hi! How can I help?"] },
  { id: "v-city", name: "City" },
  { id: "v-name", name: "Name" },
  { id: "v-age", name: "Age" },
  { id: "v-tags", name: "Tags" },
  { id: "v-rid", name: "Response id" },
  { id: "v-thread", name: "Thread" },
  { id: "v-url", name: "Audio URL" },
];

/** Question → the AI block → "{{Answer}}" → "Done". */
function aiBot(type: string, options: Json, after = "Answer: {{Answer}}") {
  return buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          { id: "ai", type, options },
          say("reply", after),
          say("done", "Done"),
        ],
      },
    ],
  });
}

/** Publishes, starts, answers the question; returns the reply and the result's variables. */
async function run(bot: Json, question = "What is 2+2?") {
  const publicId = await parley.publish(bot);
  const started = await parley.start(publicId);
  const reply = await parley.send(started.body.sessionId, question);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { reply: reply.body as Json, vars: await parley.resultVariables(started.body.resultId), started };
}

const chatOptions = (provider: string, extra: Json = {}) => ({
  credentialsId: credentials[provider],
  action: "Create chat completion",
  model: "test-model",
  messages: [
    { role: "system", content: "Answer briefly." },
    { role: "Dialogue", dialogueVariableId: "v-dialogue" },
    { role: "user", content: "{{Question}}" },
  ],
  responseMapping: [
    { item: "Message content", variableId: "v-answer" },
    { item: "Total tokens", variableId: "v-total" },
  ],
  ...extra,
});

describe("Create chat completion, every OpenAI-compatible provider", () => {
  it.each(compatibleProviders)("%s answers through its base URL with the credential's key", async (provider) => {
    const before = openAi.received.length;
    const { reply, vars } = await run(aiBot(provider, chatOptions(provider)));
    expect(bubbleTexts(reply)).toEqual(["Answer: You said: What is 2+2?", "Done"]);
    expect(vars).toMatchObject({ Answer: "You said: What is 2+2?", Total: "18" });
    const [call] = openAi.calls("/v1/chat/completions", before);
    expect(call.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(call.json?.model).toBe("test-model");
    expect(call.json?.messages).toEqual([
      { role: "system", content: "Answer briefly." },
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi! How can I help?" },
      { role: "user", content: "What is 2+2?" },
    ]);
  });

  it("runs a tool's code in the sandbox, sets its variables and gives its result back to the model", async () => {
    const tools = [
      {
        type: "function",
        name: "weather",
        description: "The weather in a city",
        parameters: [{ type: "string", name: "city", description: "City name", required: true }],
        code: 'setVariable("City", city); return "Sunny in " + city;',
      },
    ];
    const before = openAi.received.length;
    const { reply, vars } = await run(aiBot("openai", chatOptions("openai", { tools })));
    expect(bubbleTexts(reply)).toEqual(["Answer: The tool answered: Sunny in Ann", "Done"]);
    expect(vars).toMatchObject({ City: "Ann", Answer: "The tool answered: Sunny in Ann" });
    const calls = openAi.calls("/v1/chat/completions", before);
    expect(calls).toHaveLength(2);
    expect(calls[0].json?.tools[0].function).toMatchObject({
      name: "weather",
      parameters: { type: "object", properties: { city: { type: "string", description: "City name" } } },
    });
  });

  it("sends image URLs of a user message as images to a vision provider", async () => {
    const before = openAi.received.length;
    await run(aiBot("openai", chatOptions("openai")), `Look at this\n\n${openAi.url}/image.png`);
    const [call] = openAi.calls("/v1/chat/completions", before);
    expect(call.json?.messages.at(-1).content).toEqual([
      { type: "text", text: "Look at this" },
      { type: "image_url", image_url: { url: `${openAi.url}/image.png` } },
    ]);
  });
});

describe("Anthropic", () => {
  it("Create Chat Message sends the system message apart, with the x-api-key header", async () => {
    const before = anthropic.received.length;
    const { reply, vars } = await run(
      aiBot("anthropic", {
        credentialsId: credentials.anthropic,
        action: "Create Chat Message",
        model: "claude-test",
        systemMessage: "Be kind.",
        maxTokens: 1024,
        messages: [{ role: "user", content: "{{Question}}" }],
        responseMapping: [{ item: "Message content", variableId: "v-answer" }],
      }),
    );
    expect(bubbleTexts(reply)).toEqual(["Answer: Claude heard: What is 2+2? (system: Be kind.)", "Done"]);
    expect(vars.Answer).toBe("Claude heard: What is 2+2? (system: Be kind.)");
    const [call] = anthropic.calls("/v1/messages", before);
    expect(call.headers["x-api-key"]).toBe(FAKE_KEY);
    expect(call.json?.messages).toEqual([{ role: "user", content: [{ type: "text", text: "What is 2+2?" }] }]);
  });
});

describe("Generate variables", () => {
  const extract = (provider: string) => ({
    credentialsId: credentials[provider],
    action: "Generate variables",
    model: "test-model",
    prompt: "Extract from: {{Question}}",
    variablesToExtract: [
      { variableId: "v-name", type: "string", description: "First name" },
      { variableId: "v-age", type: "number", isRequired: false },
      { variableId: "v-tags", type: "array" },
    ],
  });

  it.each(["openai", "mistral", "anthropic"])("%s writes each extracted value into its variable", async (provider) => {
    const { reply, vars } = await run(aiBot(provider, extract(provider), "{{Name}} is {{Age}}"));
    expect(bubbleTexts(reply)).toEqual(["Ann is 42", "Done"]);
    expect(vars).toMatchObject({ Name: "Ann", Age: "42", Tags: ["first", "second"] });
  });

  it("asks OpenAI for a JSON schema keyed by variable names", async () => {
    const before = openAi.received.length;
    await run(aiBot("openai", extract("openai")));
    const [call] = openAi.calls("/v1/chat/completions", before);
    expect(call.json?.response_format.type).toBe("json_schema");
    expect(Object.keys(call.json?.response_format.json_schema.schema.properties)).toEqual(["Name", "Age", "Tags"]);
  });

  it("logs a missing prompt and goes on", async () => {
    const { reply } = await run(aiBot("openai", { ...extract("openai"), prompt: "" }, "after"));
    expect(reply.logs).toEqual([{ status: "error", description: "No prompt provided" }]);
    expect(bubbleTexts(reply)).toEqual(["after", "Done"]);
  });
});

describe("OpenAI-only actions", () => {
  it("Ask Model answers function calls and saves the response id, which the next turn continues from", async () => {
    const options = {
      credentialsId: credentials.openai,
      action: "Ask Model",
      model: "gpt-test",
      message: "{{Question}}",
      instructions: "Be brief",
      responseIdVariableId: "v-rid",
      functions: [
        {
          name: "lookup",
          parameters: [{ type: "string", name: "city", required: true }],
          code: 'return "Found " + city;',
        },
      ],
      responseMapping: [{ item: "Message", variableId: "v-answer" }],
    };
    const bot = buildBot({
      variables,
      groups: [
        {
          id: "g1",
          blocks: [
            { id: "ask", type: "text input", options: { variableId: "v-q" } },
            { id: "ai", type: "openai", options },
            say("reply", "{{Answer}}"),
          ],
        },
      ],
      edges: [],
    });
    bot.groups[0].blocks[2].outgoingEdgeId = "e-loop";
    bot.edges.push(edge("e-loop", "g1"));
    const publicId = await parley.publish(bot);
    const started = await parley.start(publicId);
    const before = openAi.received.length;
    const first = await parley.send(started.body.sessionId, "Weather?");
    expect(bubbleTexts(first.body)).toEqual(["Model says: Weather? / tool: Found Ann"]);
    const calls = openAi.calls("/v1/responses", before);
    expect(calls).toHaveLength(2);
    expect(calls[0].json).toMatchObject({ model: "gpt-test", instructions: "Be brief", store: true });
    const firstId = (await parley.resultVariables(started.body.resultId))["Response id"];
    expect(firstId).toMatch(/^resp_\d+$/);
    const second = await parley.send(started.body.sessionId, "And tomorrow?");
    expect(bubbleTexts(second.body)[0]).toContain(`(after ${firstId})`);
  });

  it("Ask Assistant runs its functions, strips citations and keeps the thread", async () => {
    const { reply, vars } = await run(
      aiBot("openai", {
        credentialsId: credentials.openai,
        action: "Ask Assistant",
        assistantId: "asst_1",
        threadVariableId: "v-thread",
        message: "{{Question}}",
        functions: [{ name: "lookup", code: "return 'ok ' + city;" }],
        responseMapping: [{ item: "Message", variableId: "v-answer" }],
      }),
    );
    expect(bubbleTexts(reply)).toEqual(["Answer: Assistant says hi", "Done"]);
    expect(vars.Thread).toBe("thread_1");
    const submitted = openAi.received.find((entry) => entry.path.endsWith("/submit_tool_outputs"));
    expect(submitted?.json).toEqual({ tool_outputs: [{ tool_call_id: "tc_1", output: "ok Paris" }] });
  });

  it("Create speech stores the audio with the uploads and saves its URL", async () => {
    const { vars } = await run(
      aiBot("openai", {
        credentialsId: credentials.openai,
        action: "Create speech",
        input: "Say {{Question}}",
        voice: "nova",
        saveUrlInVariableId: "v-url",
      }),
    );
    const url = String(vars["Audio URL"]);
    expect(url).toMatch(/\/files\/[A-Za-z0-9_-]{24}\/speech\.mp3$/);
    const audio = await fetch(`${parley.server.baseUrl.replace(/\/api$/, "")}${new URL(url).pathname}`);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(FAKE_AUDIO);
    const call = openAi.received.findLast((entry) => entry.path === "/v1/audio/speech");
    expect(call?.json).toMatchObject({ model: "tts-1", input: "Say What is 2+2?", voice: "nova" });
  });

  it("Create transcription downloads the audio and saves the text", async () => {
    const { vars } = await run(
      aiBot("openai", {
        credentialsId: credentials.openai,
        action: "Create transcription",
        url: `${openAi.url}/audio.mp3`,
        transcriptionVariableId: "v-answer",
      }),
    );
    expect(vars.Answer).toBe(`Transcribed ${FAKE_AUDIO.length} bytes`);
  });
});

describe("Errors: logged with the provider's status, the flow goes on", () => {
  const cases: [string, Json, Json][] = [
    [
      "a wrong key (401)",
      { credentialsId: undefined },
      {
        description: "OpenAI API error - 401",
        details: '{"error":{"message":"Incorrect API key provided"}}',
        context: "While generating chat completion",
      },
    ],
    [
      "an unknown model (404)",
      { model: "fail-404" },
      { description: "OpenAI API error - 404", details: '{"error":{"message":"The model does not exist"}}' },
    ],
    [
      "a server error (500)",
      { model: "fail-500" },
      { description: "OpenAI API error - 500", details: '{"error":{"message":"Internal server error"}}' },
    ],
    [
      "a rate limit longer than the turn allows (429)",
      { model: "fail-429-always" },
      { description: "OpenAI API error - 429", details: '{"error":{"message":"Rate limit reached"}}' },
    ],
    ["a malformed answer", { model: "malformed" }, { description: "OpenAI API error - malformed answer" }],
  ];
  it.each(cases)("%s", async (_name, change, log) => {
    const options = chatOptions("openai", { model: change.model ?? "test-model" });
    if ("credentialsId" in change) options.credentialsId = credentials.wrongKey;
    const { reply, vars } = await run(aiBot("openai", options, "after"));
    expect(bubbleTexts(reply)).toEqual(["after", "Done"]);
    expect(reply.logs).toHaveLength(1);
    expect(reply.logs[0]).toMatchObject({ status: "error", ...log });
    expect(vars.Answer ?? null).toBeNull();
  });

  it("retries a 429 that says when to come back", async () => {
    const { reply } = await run(aiBot("openai", chatOptions("openai", { model: "fail-429-once" })));
    expect(bubbleTexts(reply)).toEqual(["Answer: You said: What is 2+2?", "Done"]);
    expect(reply.logs ?? []).toEqual([]);
  });

  it("logs the reference's text when the credential is missing or unknown", async () => {
    for (const credentialsId of [undefined, "no-such-credentials"]) {
      const { reply } = await run(aiBot("groq", chatOptions("groq", { credentialsId }), "after"));
      expect(reply.logs).toEqual([{ status: "error", description: "Could not find credentials for block groq" }]);
      expect(bubbleTexts(reply)).toEqual(["after", "Done"]);
    }
  });

  it("logs a block without an action as not configured", async () => {
    const { reply } = await run(aiBot("mistral", { credentialsId: credentials.mistral }, "after"));
    expect(reply.logs).toEqual([{ status: "error", description: "mistral is not configured" }]);
  });
});

/** The reference's "basic ChatGPT" shape: question → completion over the Dialogue → answer bubble → loop. */
function chatGptBot(provider = "openai") {
  const bot = buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          {
            id: "ai",
            type: provider,
            options:
              provider === "anthropic"
                ? {
                    credentialsId: credentials.anthropic,
                    action: "Create Chat Message",
                    model: "claude-test",
                    messages: [
                      { role: "Dialogue", dialogueVariableId: "v-dialogue" },
                      { role: "user", content: "{{Question}}" },
                    ],
                    responseMapping: [{ item: "Message content", variableId: "v-answer" }],
                  }
                : chatOptions(provider),
          },
          say("reply", "{{Answer}}"),
        ],
      },
    ],
  });
  bot.groups[0].blocks[2].outgoingEdgeId = "e-loop";
  bot.edges.push(edge("e-loop", "g1"));
  return bot;
}

async function readAll(response: Response): Promise<string[]> {
  const pieces: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    pieces.push(decoder.decode(chunk, { stream: true }));
  return pieces;
}

describe("The basic ChatGPT shape through the public chat API", () => {
  it("answers each question in the reply's bubbles when the client does not stream", async () => {
    const publicId = await parley.publish(chatGptBot());
    const started = await parley.start(publicId);
    const first = await parley.send(started.body.sessionId, "First?");
    expect(bubbleTexts(first.body)).toEqual(["You said: First?"]);
    expect(first.body.input?.id).toBe("ask");
    const second = await parley.send(started.body.sessionId, "Second?");
    expect(bubbleTexts(second.body)).toEqual(["You said: Second?"]);
  });

  it.each(["openai", "anthropic"])(
    "%s: streams the answer in the data stream format on /v2, saves it and loops",
    async (provider) => {
      const publicId = await parley.publish(chatGptBot(provider));
      const started = await parley.start(publicId, { isStreamEnabled: true });
      const sessionId = started.body.sessionId as string;
      const asked = await parley.send(sessionId, "Stream it");
      expect(asked.body.messages).toEqual([]);
      expect(asked.body.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);
      const streamed = await fetch(`${parley.server.baseUrl}/v2/sessions/${sessionId}/streamMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(streamed.status).toBe(200);
      const body = (await readAll(streamed)).join("");
      const lines = body.trim().split("\n");
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.every((line) => line.startsWith("0:"))).toBe(true);
      const text = lines.map((line) => JSON.parse(line.slice(2)) as string).join("");
      expect(text).toBe(provider === "openai" ? "You said: Stream it" : "Claude heard: Stream it");

      const done = await parley.send(sessionId, text);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      // The bubble already showed the answer: the flow is back at the question.
      expect(bubbleTexts(done.body)).toEqual([]);
      expect(done.body.input?.id).toBe("ask");
      expect((await parley.resultVariables(started.body.resultId)).Answer).toBe(text);
    },
  );

  it("streams plain text on /v1 and refuses a session that waits for no stream", async () => {
    const publicId = await parley.publish(chatGptBot("groq"));
    const started = await parley.start(publicId, { isStreamEnabled: true });
    await parley.send(started.body.sessionId, "Plain");
    const streamed = await fetch(`${parley.server.baseUrl}/v1/sessions/${started.body.sessionId}/streamMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect((await readAll(streamed)).join("")).toBe("You said: Plain");
    await parley.send(started.body.sessionId, "You said: Plain");
    const refused = await parley.chat.post(`/v2/sessions/${started.body.sessionId}/streamMessage`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: "NO_STREAM", message: "This block does not have a stream function" });
  });
});

describe("AI credentials in the workspace", () => {
  const base = () => `/v1/workspaces/${parley.user.workspaceId}/credentials`;

  it("lists the models: fetched from the provider where it has a list, else the known ones", async () => {
    const groq = await parley.api.get(`${base()}/${credentials.groq}/models`);
    expect(groq.status, JSON.stringify(groq.body)).toBe(200);
    expect(groq.body).toEqual({ models: ["model-a", "model-b"] });
    const anthropicModels = await parley.api.get(`${base()}/${credentials.anthropic}/models`);
    expect(anthropicModels.body.models).toContain("claude-sonnet-4-5");
    expect((await parley.api.get(`${base()}/unknown-id/models`)).status).toBe(404);
  });

  it("renames, and deletes only after confirmation when a bot uses them", async () => {
    const id = await parley.createCredentials("deepseek", "Old name", { apiKey: "sk-x" });
    const renamed = await parley.api.patch(`${base()}/${id}`, { name: "New name" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.credentials).toMatchObject({ id, type: "deepseek", name: "New name" });
    expect(JSON.stringify(renamed.body)).not.toContain("sk-x");

    const bot = aiBot("deepseek", chatOptions("deepseek", { credentialsId: id }));
    bot.name = "Support bot";
    await parley.publish(bot);
    expect((await parley.api.get(`${base()}/${id}/usage`)).body.bots).toEqual([
      { id: expect.any(String), name: "Support bot" },
    ]);
    const refused = await parley.api.delete(`${base()}/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "CONFLICT",
      message: 'These credentials are used by "Support bot". Delete them anyway with ?confirm=true',
    });
    expect((await parley.api.delete(`${base()}/${id}?confirm=true`)).status).toBe(200);
    expect((await parley.api.get(`${base()}/${id}/usage`)).status).toBe(404);
  });

  it("refuses a base URL that is not http(s)", async () => {
    const response = await parley.api.post(base(), {
      type: "open-router",
      name: "Bad",
      data: { apiKey: "k", baseUrl: "file:///etc/passwd" },
    });
    expect(response.status).toBe(400);
  });
});
