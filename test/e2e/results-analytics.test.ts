import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { seedResults } from "./results-seed.js";

let server: ChatHarness["server"];
let api: ChatHarness["api"];
let chat: ChatHarness["chat"];
let workspaceId: string;
let harness: ChatHarness;

beforeAll(async () => {
  // Its own server: a test moves the server's clock.
  harness = await createChatHarness({}, { own: true });
  ({ server, api, chat, workspaceId } = harness);
});
afterAll(() => harness.close());

function twoQuestionBot() {
  const bot = greetingBot();
  bot.groups[0]!.blocks.push({ id: "b-mail", type: "email input", options: { variableId: "v-mail" } } as never);
  bot.variables.push({ id: "v-mail", name: "Email" });
  return bot;
}

async function createBot(bot: object = twoQuestionBot()): Promise<string> {
  const response = await api.post("/v1/bots", { workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

describe("bot analytics", () => {
  it("counts real chats: every start is a view, an answer makes a start, the end a completion", async () => {
    const botId = await createBot();
    const { body: published } = await api.post(`/v1/bots/${botId}/publish`);
    const start = () => chat.post(`/v1/bots/${published.publicId}/startChat`, {});
    const say = (sessionId: string, text: string) =>
      chat.post(`/v1/sessions/${sessionId}/continueChat`, { message: text });
    await start();
    await start();
    const halfway = await start();
    await say(halfway.body.sessionId, "Ada");
    const done = await start();
    await say(done.body.sessionId, "Grace");
    await say(done.body.sessionId, "grace@example.com");

    const response = await api.get(`/v1/bots/${botId}/analytics`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      views: 4,
      starts: 2,
      completions: 1,
      dropOffs: [{ blockId: "b-mail", total: 1 }],
      idleTimeouts: [],
      handOffs: {
        total: 0,
        taken: 0,
        waitToTakeSeconds: { average: null, median: null },
        firstReplySeconds: { average: null, median: null },
      },
    });
  });

  it("counts drop-offs per input waited on, most first, leaving out finished, unstarted and archived results", async () => {
    const botId = await createBot();
    const now = new Date().toISOString();
    await seedResults(server.ctx.store.db, botId, [
      { id: "an-1", createdAt: now, lastInputBlockId: "b-mail" },
      { id: "an-2", createdAt: now, lastInputBlockId: "b-mail" },
      { id: "an-3", createdAt: now, lastInputBlockId: "b-name" },
      { id: "an-4", createdAt: now, isCompleted: true },
      { id: "an-5", createdAt: now, hasStarted: false, lastInputBlockId: "b-name" },
      { id: "an-6", createdAt: now, isArchived: true, lastInputBlockId: "b-name" },
      { id: "an-7", createdAt: now, lastInputBlockId: null },
    ]);
    const response = await api.get(`/v1/bots/${botId}/analytics`);
    expect(response.body).toEqual({
      views: 6,
      starts: 5,
      completions: 1,
      dropOffs: [
        { blockId: "b-mail", total: 2 },
        { blockId: "b-name", total: 1 },
      ],
      idleTimeouts: [],
      handOffs: {
        total: 0,
        taken: 0,
        waitToTakeSeconds: { average: null, median: null },
        firstReplySeconds: { average: null, median: null },
      },
    });
    await api.delete(`/v1/bots/${botId}/results`);
    expect((await api.get(`/v1/bots/${botId}/analytics`)).body).toEqual({
      views: 0,
      starts: 0,
      completions: 0,
      dropOffs: [],
      idleTimeouts: [],
      handOffs: {
        total: 0,
        taken: 0,
        waitToTakeSeconds: { average: null, median: null },
        firstReplySeconds: { average: null, median: null },
      },
    });
  });

  it("counts within the time window of the time zone", async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, [
      { id: "tz-1", createdAt: "2025-03-31T23:30:00.000Z", lastInputBlockId: "b-mail" },
      { id: "tz-2", createdAt: "2025-04-01T00:05:00.000Z", isCompleted: true },
      { id: "tz-3", createdAt: "2025-04-01T00:10:00.000Z", hasStarted: false },
    ]);
    const saved = server.ctx.ports.clock;
    server.ctx.ports.clock = { now: () => new Date("2025-04-01T00:15:00.000Z") };
    try {
      expect((await api.get(`/v1/bots/${botId}/analytics?timeFilter=today`)).body).toEqual({
        views: 2,
        starts: 1,
        completions: 1,
        dropOffs: [],
        idleTimeouts: [],
        handOffs: {
          total: 0,
          taken: 0,
          waitToTakeSeconds: { average: null, median: null },
          firstReplySeconds: { average: null, median: null },
        },
      });
      expect((await api.get(`/v1/bots/${botId}/analytics?timeFilter=today&timeZone=America/New_York`)).body).toEqual({
        views: 3,
        starts: 2,
        completions: 1,
        dropOffs: [{ blockId: "b-mail", total: 1 }],
        idleTimeouts: [],
        handOffs: {
          total: 0,
          taken: 0,
          waitToTakeSeconds: { average: null, median: null },
          firstReplySeconds: { average: null, median: null },
        },
      });
      const invalid = await api.get(`/v1/bots/${botId}/analytics?timeZone=Nowhere/Land`);
      expect(invalid.status).toBe(400);
    } finally {
      server.ctx.ports.clock = saved;
    }
  });
});
