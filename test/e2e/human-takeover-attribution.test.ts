import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { startIntegrationServer } from "./integrations-harness.js";

/**
 * Who said what once a person had the chat: the result's transcript (bot, visitor, operator by name,
 * notes apart), the results' hand-off field and the analytics' hand-off figures. Runs on the embedded
 * database, and on PostgreSQL with DATABASE_URL set.
 */
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let publicId: string;
let inbox: string;

beforeAll(async () => {
  parley = await startIntegrationServer();
  publicId = await parley.publish(
    buildBot({
      variables: [{ id: "v-answer", name: "Answer" }],
      groups: [
        {
          id: "g1",
          blocks: [
            say("t-hi", "Let me find a person"),
            { id: "handoff", type: "hand off", options: { waitingMessage: "Someone will be with you shortly" } },
            say("t-back", "Anything else?"),
            { id: "ask", type: "text input", options: { variableId: "v-answer" } },
            say("t-bye", "Noted: {{Answer}}"),
          ],
        },
      ],
    }),
  );
  inbox = `/v1/workspaces/${parley.user.workspaceId}/inbox`;
});
afterAll(async () => {
  await parley?.close();
});

/** A new chat, waiting in the Inbox. */
async function handedOff() {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.sessionId as string;
  const listed = await parley.api.get(inbox);
  const chat = listed.body.chats.find((entry: { sessionId: string }) => entry.sessionId === sessionId);
  return { sessionId, resultId: started.body.resultId as string, chat };
}

describe("attribution of a handed-off chat", () => {
  it("tells the transcript with the operator by name, keeps notes apart, and marks the result", async () => {
    const { sessionId, resultId, chat } = await handedOff();
    const taken = await parley.api.post(`${inbox}/${chat.id}/take`);
    const name = taken.body.chat.operator.name as string;
    await parley.api.post(`${inbox}/${chat.id}/messages`, { text: "Hi, I'm here to help" });
    await parley.api.post(`${inbox}/${chat.id}/notes`, { text: "Refundable order" });
    expect((await parley.send(sessionId, "My order never came")).status).toBe(200);
    await parley.api.post(`${inbox}/${chat.id}/messages`, { fileUrl: "https://example.com/label.pdf" });
    expect((await parley.api.post(`${inbox}/${chat.id}/handBack`, {})).status).toBe(200);
    expect((await parley.send(sessionId, "No")).status).toBe(200);

    const botId = chat.botId as string;
    const transcript = await parley.api.get(`/v1/bots/${botId}/results/${resultId}/transcript`);
    expect(transcript.status, JSON.stringify(transcript.body)).toBe(200);
    expect(transcript.body.transcript).toEqual([
      { role: "bot", type: "text", text: "Let me find a person" },
      { role: "bot", type: "text", text: "Someone will be with you shortly" },
      { role: "operator", type: "joined", name, text: `${name} joined the chat` },
      { role: "operator", type: "text", name, text: "Hi, I'm here to help" },
      { role: "user", type: "text", text: "My order never came" },
      { role: "operator", type: "text", name, text: "https://example.com/label.pdf" },
      { role: "operator", type: "handedBack", name, text: `${name} handed the chat back to the bot` },
      { role: "bot", type: "text", text: "Anything else?" },
      { role: "user", type: "text", text: "No" },
      { role: "bot", type: "text", text: "Noted: No" },
    ]);
    expect(transcript.body.notes).toEqual([
      { handoffId: chat.id, name, text: "Refundable order", createdAt: expect.any(String) },
    ]);

    const listed = await parley.api.get(`/v1/bots/${botId}/results`);
    const result = listed.body.results.find((entry: { id: string }) => entry.id === resultId);
    expect(result.handOff).toEqual({ status: "handed_back", operatorName: name });
    const one = await parley.api.get(`/v1/bots/${botId}/results/${resultId}`);
    expect(one.body.result.handOff).toEqual({ status: "handed_back", operatorName: name });
  });

  it("tells a chat nobody took as still waiting, and one that was closed", async () => {
    const waiting = await handedOff();
    const closed = await handedOff();
    const taken = await parley.api.post(`${inbox}/${closed.chat.id}/take`);
    const name = taken.body.chat.operator.name as string;
    expect((await parley.api.post(`${inbox}/${closed.chat.id}/close`)).status).toBe(200);
    const botId = waiting.chat.botId as string;

    const stillWaiting = await parley.api.get(`/v1/bots/${botId}/results/${waiting.resultId}/transcript`);
    expect(stillWaiting.body.transcript).toEqual([
      { role: "bot", type: "text", text: "Let me find a person" },
      { role: "bot", type: "text", text: "Someone will be with you shortly" },
    ]);
    const wasClosed = await parley.api.get(`/v1/bots/${botId}/results/${closed.resultId}/transcript`);
    expect(wasClosed.body.transcript.slice(2)).toEqual([
      { role: "operator", type: "joined", name, text: `${name} joined the chat` },
      { role: "operator", type: "closed", name, text: "The chat was closed" },
    ]);
    expect(wasClosed.body.notes).toEqual([]);
  });
});

describe("hand-off analytics", () => {
  it("counts hand-offs, those taken, and the average and median waits to take and to the first reply", async () => {
    // A bot of its own, so that the figures are only these four chats'.
    publicId = await parley.publish(
      buildBot({ groups: [{ id: "g", blocks: [{ id: "h", type: "hand off", options: { waitingMessage: "Wait" } }] }] }),
    );
    const chats = [await handedOff(), await handedOff(), await handedOff(), await handedOff()];
    // Times set as if the operators had taken 10, 20 and 60 s and first answered after 30 and 50 s.
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
    const times = [
      { takenAt: at(10), firstReplyAt: at(30) },
      { takenAt: at(20), firstReplyAt: at(50) },
      { takenAt: at(60), firstReplyAt: null },
      { takenAt: null, firstReplyAt: null },
    ];
    for (const [index, chat] of chats.entries())
      await parley.server.ctx.store.db
        .updateTable("handoffs")
        .set({ requestedAt: at(0), ...times[index]! })
        .where("id", "=", chat.chat.id)
        .execute();

    const analytics = await parley.api.get(`/v1/bots/${chats[0]!.chat.botId}/analytics`);
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    expect(analytics.body.handOffs).toEqual({
      total: 4,
      taken: 3,
      waitToTakeSeconds: { average: 30, median: 20 },
      firstReplySeconds: { average: 40, median: 40 },
    });
  });
});
