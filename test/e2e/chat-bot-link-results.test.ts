import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const childGroups = (farewell: string) => [
  {
    id: "c-start",
    blocks: [
      say("c-hi", "Child here. Your city?"),
      { id: "c-city", type: "text input", options: { variableId: "cv-city" } },
      say("c-bye", farewell),
    ],
  },
];

/** A published child bot that asks a city and ends. */
async function publishChild() {
  const child = buildBot({ groups: childGroups("Child done."), variables: [{ id: "cv-city", name: "City" }] });
  const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: { ...child, name: "Child" } });
  expect((await h.api.post(`/v1/bots/${created.body.bot.id}/publish`)).status).toBe(200);
  return created.body.bot.id as string;
}

/** The parent asks a name, links to the child, then asks a mood. */
const parentBot = (childId: string, mergeResults: boolean) =>
  buildBot({
    groups: [
      {
        id: "p-start",
        blocks: [
          say("p-hi", "Parent here. Your name?"),
          { id: "p-name", type: "text input", options: { variableId: "pv-name" } },
          { id: "p-link", type: "Bot link", options: { botId: childId, mergeResults } },
          say("p-back", "Back in the parent. Your mood?"),
          { id: "p-mood", type: "text input", options: { variableId: "pv-mood" } },
          say("p-bye", "Bye {{Name}}."),
        ],
      },
    ],
    variables: [
      { id: "pv-name", name: "Name" },
      { id: "pv-mood", name: "Mood" },
    ],
  });

const listResults = async (botId: string) => {
  const response = await h.api.get(`/v1/bots/${botId}/results?limit=50`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results as {
    id: string;
    botId: string;
    isCompleted: boolean;
    hasStarted: boolean;
    variables: { name: string; value: unknown }[];
    answers: unknown[];
  }[];
};

async function chatThroughBothBots(childId: string, mergeResults: boolean) {
  const conversation = await h.conversation(parentBot(childId, mergeResults));
  const start = await conversation.start();
  expect(start.messages).toEqual([textMessage("p-hi", "Parent here. Your name?")]);
  expect((await conversation.send("Ada")).messages).toEqual([textMessage("c-hi", "Child here. Your city?")]);
  expect((await conversation.send("Lisbon")).messages).toEqual([
    textMessage("c-bye", "Child done."),
    textMessage("p-back", "Back in the parent. Your mood?"),
  ]);
  const end = await conversation.send("Fine");
  expect(end.messages).toEqual([textMessage("p-bye", "Bye Ada.")]);
  expect(end.input).toBeUndefined();
  return conversation;
}

describe("Bot link results", () => {
  it("keeps client logs sent while the linked bot runs with that bot's own result", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(parentBot(childId, false));
    await conversation.start();
    await conversation.send("Ada");
    const saved = await h.chat.post(`/v1/sessions/${conversation.sessionId}/clientLogs`, {
      clientLogs: [{ status: "error", description: "Embed failed in the child" }],
    });
    expect(saved.body).toEqual({ message: "Logs successfully saved." });
    await conversation.send("Lisbon");

    const [childResult] = await listResults(childId);
    const childLogs = await h.api.get(`/v1/bots/${childId}/results/${childResult!.id}/logs`);
    expect(childLogs.body.logs).toMatchObject([{ status: "error", description: "Embed failed in the child" }]);
    const parentLogs = await h.api.get(`/v1/bots/${conversation.botId}/results/${conversation.resultId}/logs`);
    expect(parentLogs.body.logs).toEqual([]);
  });

  it("without mergeResults, the linked bot answers on a completed result of its own, listed under it and replayed on its version", async () => {
    const childId = await publishChild();
    const conversation = await chatThroughBothBots(childId, false);

    const parentResults = await listResults(conversation.botId);
    expect(parentResults).toHaveLength(1);
    expect(parentResults[0]).toMatchObject({
      id: conversation.resultId,
      botId: conversation.botId,
      isCompleted: true,
      hasStarted: true,
      answers: [
        { blockId: "p-name", content: "Ada", attachedFileUrls: [] },
        { blockId: "p-mood", content: "Fine", attachedFileUrls: [] },
      ],
    });
    expect(parentResults[0].variables.map((v) => v.name).sort()).toEqual(["Mood", "Name"]);

    const childResults = await listResults(childId);
    expect(childResults).toHaveLength(1);
    const [childResult] = childResults;
    expect(childResult).toMatchObject({
      botId: childId,
      isCompleted: true,
      hasStarted: true,
      answers: [{ blockId: "c-city", content: "Lisbon", attachedFileUrls: [] }],
    });
    expect(childResult.variables).toEqual([{ id: "cv-city", name: "City", value: "Lisbon" }]);
    expect(childResult.id).not.toBe(conversation.resultId);

    // The child's row names the version it ran; a later publish does not change its transcript.
    const db = h.server.ctx.store.db;
    const row = await db
      .selectFrom("results")
      .select(["botVersionId", "lastChatSessionId"])
      .where("id", "=", childResult.id)
      .executeTakeFirstOrThrow();
    const childBot = await db
      .selectFrom("bots")
      .select("publishedVersionId")
      .where("id", "=", childId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ botVersionId: childBot.publishedVersionId, lastChatSessionId: conversation.sessionId });
    const patched = await h.api.patch(`/v1/bots/${childId}`, {
      bot: {
        groups: childGroups("Changed later.").map((g) => ({ ...g, title: g.id, graphCoordinates: { x: 0, y: 0 } })),
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await h.api.post(`/v1/bots/${childId}/publish`)).status).toBe(200);

    const childTranscript = await h.api.get(`/v1/bots/${childId}/results/${childResult.id}/transcript`);
    expect(childTranscript.status).toBe(200);
    expect(childTranscript.body.transcript).toEqual([
      { role: "bot", type: "text", text: "Child here. Your city?" },
      { role: "user", type: "text", text: "Lisbon" },
      { role: "bot", type: "text", text: "Child done." },
    ]);
    const parentTranscript = await h.api.get(
      `/v1/bots/${conversation.botId}/results/${conversation.resultId}/transcript`,
    );
    expect(parentTranscript.body.transcript).toEqual([
      { role: "bot", type: "text", text: "Parent here. Your name?" },
      { role: "user", type: "text", text: "Ada" },
      { role: "bot", type: "text", text: "Back in the parent. Your mood?" },
      { role: "user", type: "text", text: "Fine" },
      { role: "bot", type: "text", text: "Bye Ada." },
    ]);
    // The child's result is not reachable under the parent bot.
    expect((await h.api.get(`/v1/bots/${conversation.botId}/results/${childResult.id}`)).status).toBe(404);
  });

  it("writes the child's result as a view, not started, while the visitor is still on its first question", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(parentBot(childId, false));
    await conversation.start();
    await conversation.send("Ada");
    expect(await listResults(childId)).toEqual([]);
    const db = h.server.ctx.store.db;
    const views = await db
      .selectFrom("results")
      .select(["hasStarted", "isCompleted", "lastInputBlockId"])
      .where("botId", "=", childId)
      .execute();
    expect(
      views.map((row) => ({
        hasStarted: Number(row.hasStarted),
        isCompleted: Number(row.isCompleted),
        lastInputBlockId: row.lastInputBlockId,
      })),
    ).toEqual([{ hasStarted: 0, isCompleted: 0, lastInputBlockId: null }]);
    const session = await db
      .selectFrom("sessions")
      .select("resultId")
      .where("id", "=", conversation.sessionId!)
      .executeTakeFirstOrThrow();
    expect(session.resultId).toBe(conversation.resultId);
  });

  it("with mergeResults, everything stays on the parent's one result", async () => {
    const childId = await publishChild();
    const conversation = await chatThroughBothBots(childId, true);
    const parentResults = await listResults(conversation.botId);
    expect(parentResults).toHaveLength(1);
    expect(parentResults[0]).toMatchObject({
      id: conversation.resultId,
      isCompleted: true,
      hasStarted: true,
      answers: [
        { blockId: "p-name", content: "Ada", attachedFileUrls: [] },
        { blockId: "c-city", content: "Lisbon", attachedFileUrls: [] },
        { blockId: "p-mood", content: "Fine", attachedFileUrls: [] },
      ],
    });
    expect(await listResults(childId)).toEqual([]);
    const db = h.server.ctx.store.db;
    expect(await db.selectFrom("results").select("id").where("botId", "=", childId).execute()).toEqual([]);
  });
});
