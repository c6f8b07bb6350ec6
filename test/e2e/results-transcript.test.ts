import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { richText } from "../helpers/sample-bots.js";

let api: ChatHarness["api"];
let chat: ChatHarness["chat"];
let workspaceId: string;
let harness: ChatHarness;

beforeAll(async () => {
  harness = await createChatHarness();
  ({ api, chat, workspaceId } = harness);
});
afterAll(() => harness.close());

const text = (id: string, value: string) => ({ id, type: "text", content: { richText: richText(value) } });

function branchingBot() {
  return {
    name: "Branching bot",
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-welcome",
        title: "Welcome",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          text("b-hi", "Hi {{First}}!"),
          { id: "b-logo", type: "image", content: { url: "https://img.example/logo.png" } },
          { id: "b-name", type: "text input", options: { variableId: "v-name" } },
          {
            id: "b-ask",
            type: "choice input",
            items: [
              { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
              { id: "i-no", content: "No", outgoingEdgeId: "e-no" },
            ],
          },
        ],
      },
      {
        id: "g-yes",
        title: "Yes",
        graphCoordinates: { x: 0, y: 200 },
        blocks: [
          text("b-great", "Great, {{Name}}!"),
          { id: "b-mail", type: "email input", options: { variableId: "v-mail" } },
          text("b-bye", "Bye"),
        ],
      },
      { id: "g-no", title: "No", graphCoordinates: { x: 200, y: 200 }, blocks: [text("b-sad", "Too bad.")] },
    ],
    edges: [
      { id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-welcome" } },
      { id: "e-yes", from: { blockId: "b-ask", itemId: "i-yes" }, to: { groupId: "g-yes" } },
      { id: "e-no", from: { blockId: "b-ask", itemId: "i-no" }, to: { groupId: "g-no" } },
    ],
    variables: [
      { id: "v-first", name: "First" },
      { id: "v-name", name: "Name" },
      { id: "v-mail", name: "Email" },
    ],
    theme: {},
    settings: {},
  };
}

async function publishedBot() {
  const created = await api.post("/v1/bots", { workspaceId, bot: branchingBot() });
  const botId: string = created.body.bot.id;
  const published = await api.post(`/v1/bots/${botId}/publish`);
  return { botId, publicId: published.body.publicId as string };
}

async function runChat(publicId: string, answers: string[], prefilledVariables?: Record<string, string>) {
  const start = await chat.post(`/v1/bots/${publicId}/startChat`, prefilledVariables ? { prefilledVariables } : {});
  expect(start.status).toBe(200);
  for (const answer of answers) {
    const reply = await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, {
      message: { type: "text", text: answer },
    });
    expect(reply.status).toBe(200);
  }
  return { resultId: start.body.resultId as string, sessionId: start.body.sessionId as string };
}

const opening = [
  { role: "bot", type: "text", text: "Hi Ada!" },
  { role: "bot", type: "image", image: "https://img.example/logo.png" },
];

describe("result transcript", () => {
  it("replays a real chat: what the visitor saw and answered, in order, along the branch taken", async () => {
    const { botId, publicId } = await publishedBot();
    const { resultId } = await runChat(publicId, ["Ada Lovelace", "Yes", "ada@example.com"], { First: "Ada" });
    const response = await api.get(`/v1/bots/${botId}/results/${resultId}/transcript`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      transcript: [
        ...opening,
        { role: "user", type: "text", text: "Ada Lovelace" },
        { role: "user", type: "text", text: "Yes" },
        { role: "bot", type: "text", text: "Great, Ada Lovelace!" },
        { role: "user", type: "text", text: "ada@example.com" },
        { role: "bot", type: "text", text: "Bye" },
      ],
      notes: [],
      ranOn: { versionId: expect.any(String), number: 1, isStaging: false },
    });
  });

  it("follows the other branch, and stops at the input the visitor left unanswered", async () => {
    const { botId, publicId } = await publishedBot();
    const no = await runChat(publicId, ["Grace", "No"], { First: "Ada" });
    expect((await api.get(`/v1/bots/${botId}/results/${no.resultId}/transcript`)).body.transcript).toEqual([
      ...opening,
      { role: "user", type: "text", text: "Grace" },
      { role: "user", type: "text", text: "No" },
      { role: "bot", type: "text", text: "Too bad." },
    ]);
    const unanswered = await runChat(publicId, [], { First: "Ada" });
    expect((await api.get(`/v1/bots/${botId}/results/${unanswered.resultId}/transcript`)).body.transcript).toEqual(
      opening,
    );
  });

  it("keeps replaying the version the chat ran on after the bot is edited and published again", async () => {
    const { botId, publicId } = await publishedBot();
    const { resultId } = await runChat(publicId, ["Linus", "No"], { First: "Ada" });
    const edited = branchingBot();
    edited.groups[2]!.blocks = [text("b-sad", "Changed text")];
    await api.patch(`/v1/bots/${botId}`, { bot: { groups: edited.groups } });
    await api.post(`/v1/bots/${botId}/publish`);
    const transcript = (await api.get(`/v1/bots/${botId}/results/${resultId}/transcript`)).body.transcript;
    expect(transcript.at(-1)).toEqual({ role: "bot", type: "text", text: "Too bad." });
    const later = await runChat(publicId, ["Linus", "No"], { First: "Ada" });
    const laterTranscript = (await api.get(`/v1/bots/${botId}/results/${later.resultId}/transcript`)).body.transcript;
    expect(laterTranscript.at(-1)).toEqual({ role: "bot", type: "text", text: "Changed text" });
  });

  it('answers 404 "Result not found" for an unknown result', async () => {
    const { botId } = await publishedBot();
    const response = await api.get(`/v1/bots/${botId}/results/nope/transcript`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: "NOT_FOUND", message: "Result not found" });
  });
});

describe("result logs", () => {
  it("answers the result's logs, oldest first", async () => {
    const { botId, publicId } = await publishedBot();
    const { resultId, sessionId } = await runChat(publicId, []);
    await chat.post(`/v1/sessions/${sessionId}/clientLogs`, {
      clientLogs: [{ status: "error", description: "Failed to load", details: { status: 502 } }],
    });
    await chat.post(`/v1/sessions/${sessionId}/clientLogs`, {
      clientLogs: [{ status: "info", description: "Retried", details: "plain text" }],
    });
    const response = await api.get(`/v1/bots/${botId}/results/${resultId}/logs`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      logs: [
        { status: "error", description: "Failed to load", details: { status: 502 }, createdAt: expect.any(String) },
        { status: "info", description: "Retried", details: "plain text", createdAt: expect.any(String) },
      ],
    });
    expect(response.body.logs[0].createdAt <= response.body.logs[1].createdAt).toBe(true);
    const unknown = await api.get(`/v1/bots/${botId}/results/nope/logs`);
    expect(unknown.body).toEqual({ code: "NOT_FOUND", message: "Result not found" });
  });
});
