import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_AUDIO, FAKE_KEY } from "../helpers/ai-fakes.js";
import { BROKEN_CHAT_NODE_BOT, fakeChatNode, HTML_CHAT_NODE_BOT } from "../helpers/chat-node-fakes.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { elevenLabsVoices, fakeElevenLabs } from "../helpers/elevenlabs-fakes.js";
import { readPng } from "../helpers/png.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let elevenLabs: Awaited<ReturnType<typeof fakeElevenLabs>>;
let chatNode: Awaited<ReturnType<typeof fakeChatNode>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
const credentials: Record<string, string> = {};

beforeAll(async () => {
  elevenLabs = await fakeElevenLabs();
  chatNode = await fakeChatNode();
  // A 1 MB upload limit: generated files are held to it too.
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1", PARLEY_UPLOAD_LIMIT_MB: "1" });
  credentials.elevenlabs = await parley.createCredentials("elevenlabs", "Voices", {
    apiKey: FAKE_KEY,
    baseUrl: elevenLabs.url,
  });
  credentials.elevenlabsWrongKey = await parley.createCredentials("elevenlabs", "Wrong key", {
    apiKey: "wrong",
    baseUrl: elevenLabs.url,
  });
  credentials.chatNode = await parley.createCredentials("chat-node", "ChatNode", {
    apiKey: FAKE_KEY,
    baseUrl: chatNode.url,
  });
});
afterAll(async () => {
  await parley.close();
  await elevenLabs.close();
  await chatNode.close();
});

const variables = [
  { id: "v-q", name: "Question" },
  { id: "v-url", name: "URL" },
  { id: "v-answer", name: "Answer" },
  { id: "v-thread", name: "Thread" },
];

/** Question → the plug-in block → "Saved: {{URL}}" → "Done". */
function pluginBot(type: string, options: Json) {
  return buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          { id: "plugin", type, options },
          say("reply", "Saved: {{URL}}{{Answer}}"),
          say("done", "Done"),
        ],
      },
    ],
  });
}

async function run(bot: Json, question = "Hello there") {
  const publicId = await parley.publish(bot);
  const started = await parley.start(publicId);
  const reply = await parley.send(started.body.sessionId, question);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const resultId = started.body.resultId as string;
  return { reply: reply.body as Json, vars: await parley.resultVariables(resultId), resultId };
}

const storedLogs = (resultId: string) =>
  parley.server.ctx.store.db
    .selectFrom("logs")
    .select(["status", "description", "details", "context"])
    .where("resultId", "=", resultId)
    .execute();

/** A stored file's bytes, fetched the way a visitor's browser would. */
async function download(url: string) {
  const response = await fetch(`${parley.server.baseUrl.replace(/\/api$/, "")}${new URL(url).pathname}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("ElevenLabs: Convert text to speech", () => {
  const speech = (extra: Json = {}) => ({
    credentialsId: credentials.elevenlabs,
    action: "Convert text to speech",
    text: "Say {{Question}}",
    voiceId: elevenLabsVoices.good,
    modelId: "eleven_multilingual_v2",
    saveUrlInVariableId: "v-url",
    ...extra,
  });

  it("stores the MP3 with the uploads and saves its URL in the variable", async () => {
    const before = elevenLabs.received.length;
    const { reply, vars, resultId } = await run(pluginBot("elevenlabs", speech()));
    const url = String(vars.URL);
    expect(url).toMatch(/\/files\/[A-Za-z0-9_-]{24}\/speech\.mp3$/);
    expect(bubbleTexts(reply)).toEqual([`Saved: ${url}`, "Done"]);
    expect(await download(url)).toEqual(FAKE_AUDIO);
    const [call] = elevenLabs.received.slice(before);
    expect(call.path).toBe(`/v1/text-to-speech/${elevenLabsVoices.good}`);
    expect(call.headers["xi-api-key"]).toBe(FAKE_KEY);
    expect(call.json).toEqual({ model_id: "eleven_multilingual_v2", text: "Say Hello there" });
    expect(await storedLogs(resultId)).toEqual([]);
  });

  it("logs ElevenLabs' refusal with its answer and context, and the flow goes on", async () => {
    const { reply, vars, resultId } = await run(
      pluginBot("elevenlabs", speech({ credentialsId: credentials.elevenlabsWrongKey })),
    );
    expect(bubbleTexts(reply)).toEqual(["Saved: ", "Done"]);
    expect(vars.URL).toBeUndefined();
    expect(await storedLogs(resultId)).toEqual([
      {
        status: "error",
        description: "ElevenLabs API error - 401",
        details: JSON.stringify({ detail: { status: "invalid_api_key", message: "Invalid API key" } }),
        context: "While converting text to ElevenLabs speech",
      },
    ]);
  });

  it("refuses audio larger than an upload may be", async () => {
    const { vars, resultId } = await run(pluginBot("elevenlabs", speech({ voiceId: elevenLabsVoices.huge })));
    expect(vars.URL).toBeUndefined();
    expect(await storedLogs(resultId)).toEqual([
      {
        status: "error",
        description: "ElevenLabs API error - audio too large",
        details: `The audio is larger than the ${1024 * 1024} bytes an upload may have`,
        context: "While converting text to ElevenLabs speech",
      },
    ]);
  });

  it.each([
    [{ voiceId: "" }, "Voice ID is missing"],
    [{ text: "  " }, "Text is missing"],
    [{ saveUrlInVariableId: undefined }, "Save variable is missing"],
    [{ credentialsId: undefined }, "Could not find credentials for block elevenlabs"],
    [{ credentialsId: "no-such-credentials" }, "Could not find credentials for block elevenlabs"],
  ])("logs what is missing (%j) without calling ElevenLabs", async (extra, description) => {
    const before = elevenLabs.received.length;
    const { reply, resultId } = await run(pluginBot("elevenlabs", speech(extra)));
    expect(bubbleTexts(reply)).toEqual(["Saved: ", "Done"]);
    expect(await storedLogs(resultId)).toEqual([{ status: "error", description, details: null, context: null }]);
    expect(elevenLabs.received.length).toBe(before);
  });
});

describe("QR code: Generate a QR Code", () => {
  it("draws the PNG on this server, stores it with the uploads and saves its URL", async () => {
    const data = "https://example.com/ticket?code={{Question}}";
    const { reply, vars, resultId } = await run(
      pluginBot("qr-code", { action: "Generate a QR Code", data, saveUrlInVariableId: "v-url" }),
      "A-42",
    );
    const url = String(vars.URL);
    expect(url).toMatch(/\/files\/[A-Za-z0-9_-]{24}\/qr-code\.png$/);
    expect(bubbleTexts(reply)).toEqual([`Saved: ${url}`, "Done"]);
    expect(await storedLogs(resultId)).toEqual([]);

    // The image shows the QR code of the filled-in text, module by module (4 px each, 4 modules of margin).
    const image = readPng(await download(url));
    const { modules } = QRCode.create("https://example.com/ticket?code=A-42", {});
    expect(image.width).toBe((modules.size + 8) * 4);
    expect(image.height).toBe(image.width);
    const shown: boolean[] = [];
    const expected: boolean[] = [];
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++) {
        shown.push(image.brightness((column + 4) * 4 + 2, (row + 4) * 4 + 2) < 128);
        expected.push(modules.get(row, column) === 1);
      }
    expect(shown).toEqual(expected);
  });

  it("logs data a QR code cannot hold, and the flow goes on", async () => {
    const { reply, vars, resultId } = await run(
      pluginBot("qr-code", { action: "Generate a QR Code", data: "x".repeat(8000), saveUrlInVariableId: "v-url" }),
    );
    expect(bubbleTexts(reply)).toEqual(["Saved: ", "Done"]);
    expect(vars.URL).toBeUndefined();
    const logs = await storedLogs(resultId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      description: "Could not generate the QR code",
      context: "While generating QR code",
    });
    expect(logs[0].details).toMatch(/too big/i);
  });

  it("logs empty data and a missing variable", async () => {
    const empty = await run(
      pluginBot("qr-code", { action: "Generate a QR Code", data: " ", saveUrlInVariableId: "v-url" }),
    );
    expect((await storedLogs(empty.resultId)).map((log) => log.description)).toEqual([
      "QR code data is empty. Please provide the data to be encoded into the QR code.",
    ]);
    const unsaved = await run(pluginBot("qr-code", { action: "Generate a QR Code", data: "hi" }));
    expect((await storedLogs(unsaved.resultId)).map((log) => log.description)).toEqual([
      "QR code image URL is not specified. Please select a variable to save the generated QR code image.",
    ]);
  });
});

describe("ChatNode: Send Message", () => {
  const send = (extra: Json = {}) => ({
    credentialsId: credentials.chatNode,
    action: "Send Message",
    botId: "bot-1",
    message: "{{Question}}",
    threadId: "{{Thread}}",
    responseMapping: [
      { item: "Message", variableId: "v-answer" },
      { item: "Thread ID", variableId: "v-thread" },
    ],
    ...extra,
  });

  it("sends the message, saves the answer and the thread, and continues that thread next time", async () => {
    const bot = pluginBot("chat-node", send());
    // Loop back to the question so the second message goes through the same block.
    bot.groups[0].blocks[3].outgoingEdgeId = "e-loop";
    bot.edges.push({ id: "e-loop", from: { blockId: "done" }, to: { groupId: "g1" } });
    const publicId = await parley.publish(bot);
    const started = await parley.start(publicId);
    const before = chatNode.received.length;
    const first = await parley.send(started.body.sessionId, "Hi");
    expect(bubbleTexts(first.body)).toEqual(["Saved: ChatNode heard: Hi", "Done"]);
    const second = await parley.send(started.body.sessionId, "Again");
    expect(bubbleTexts(second.body)).toEqual(["Saved: ChatNode heard: Again", "Done"]);
    const calls = chatNode.received.slice(before);
    expect(calls.map((call) => [call.path, call.headers.authorization, call.json])).toEqual([
      ["/v1/bot-1", `Bearer ${FAKE_KEY}`, { message: "Hi" }],
      ["/v1/bot-1", `Bearer ${FAKE_KEY}`, { message: "Again", chat_session_id: "thread-new" }],
    ]);
    expect(await parley.resultVariables(started.body.resultId)).toMatchObject({
      Answer: "ChatNode heard: Again",
      Thread: "thread-new",
    });
  });

  it("logs ChatNode's error with its status and context, and the flow goes on", async () => {
    const { reply, vars, resultId } = await run(pluginBot("chat-node", send({ botId: BROKEN_CHAT_NODE_BOT })));
    expect(bubbleTexts(reply)).toEqual(["Saved: ", "Done"]);
    expect(vars.Answer).toBeUndefined();
    expect(await storedLogs(resultId)).toEqual([
      {
        status: "error",
        description: "ChatNode API error - 500",
        details: JSON.stringify({ error: "Bot crashed" }),
        context: "While sending message to ChatNode",
      },
    ]);
  });

  it("logs an answer that is not ChatNode's (not JSON) instead of passing over it", async () => {
    const { resultId } = await run(pluginBot("chat-node", send({ botId: HTML_CHAT_NODE_BOT })));
    expect(await storedLogs(resultId)).toEqual([
      {
        status: "error",
        description: "ChatNode API error - malformed answer",
        details: "<html>Maintenance</html>",
        context: "While sending message to ChatNode",
      },
    ]);
  });
});
