import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { minutesBefore, seedResults } from "./results-seed.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser();
  workspaceId = user.workspaceId;
  api = createClient(server.baseUrl, user.token);
});
afterAll(() => server.close());

async function createBot(bot: object = greetingBot()): Promise<string> {
  const response = await api.post("/v1/bots", { workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

const ids = (body: { results: { id: string }[] }) => body.results.map((result) => result.id);

describe("read one result (operation 11)", () => {
  it("answers the result with its answers in the order given and their files", async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, [
      {
        id: "one",
        createdAt: "2025-01-02T03:04:05.000Z",
        isCompleted: true,
        variables: [{ id: "v-tags", name: "Tags", value: ["a", null, "b"] }],
        answers: [
          { blockId: "b-name", content: "Ada" },
          {
            blockId: "b-file",
            content: "https://files.example/cv.pdf, https://files.example/photo.png",
            attachedFileUrls: ["https://files.example/cv.pdf", "https://files.example/photo.png"],
          },
          { blockId: "b-name", content: "Ada Lovelace" },
        ],
      },
    ]);
    const response = await api.get(`/v1/bots/${botId}/results/one`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: {
        id: "one",
        createdAt: "2025-01-02T03:04:05.000Z",
        botId,
        variables: [{ id: "v-tags", name: "Tags", value: ["a", null, "b"] }],
        isCompleted: true,
        hasStarted: true,
        isArchived: false,
        lastChatSessionId: "session-one",
        answers: [
          { blockId: "b-name", content: "Ada", attachedFileUrls: [] },
          {
            blockId: "b-file",
            content: "https://files.example/cv.pdf, https://files.example/photo.png",
            attachedFileUrls: ["https://files.example/cv.pdf", "https://files.example/photo.png"],
          },
          { blockId: "b-name", content: "Ada Lovelace", attachedFileUrls: [] },
        ],
      },
    });
  });

  it('answers 404 "Result not found" for an unknown, another bot\'s or an archived result', async () => {
    const botId = await createBot();
    const otherBotId = await createBot();
    await seedResults(server.ctx.store.db, otherBotId, [{ id: "theirs", createdAt: new Date().toISOString() }]);
    await seedResults(server.ctx.store.db, botId, [
      { id: "gone", createdAt: new Date().toISOString(), isArchived: true },
    ]);
    for (const resultId of ["nope", "theirs", "gone"]) {
      const response = await api.get(`/v1/bots/${botId}/results/${resultId}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "NOT_FOUND", message: "Result not found" });
    }
  });
});

describe("archive results", () => {
  it("archives the listed results only, then all of them when no id is given", async () => {
    const botId = await createBot();
    const otherBotId = await createBot();
    const now = new Date();
    await seedResults(
      server.ctx.store.db,
      botId,
      ["r1", "r2", "r3", "r4"].map((id, i) => ({ id, createdAt: minutesBefore(now, i + 1) })),
    );
    await seedResults(server.ctx.store.db, otherBotId, [{ id: "keep", createdAt: now.toISOString() }]);

    const some = await api.delete(`/v1/bots/${botId}/results?resultIds=r2,r4,keep`);
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ message: "success" });
    expect(ids((await api.get(`/v1/bots/${botId}/results`)).body)).toEqual(["r1", "r3"]);
    expect((await api.get(`/v1/bots/${botId}/results/r2`)).status).toBe(404);
    // Another bot's result named in the list is left alone.
    expect(ids((await api.get(`/v1/bots/${otherBotId}/results`)).body)).toEqual(["keep"]);

    const rest = await api.delete(`/v1/bots/${botId}/results`);
    expect(rest.body).toEqual({ message: "success" });
    expect((await api.get(`/v1/bots/${botId}/results`)).body).toEqual({ results: [] });
    const stored = await server.ctx.store.db
      .selectFrom("results")
      .select(["id", "isArchived"])
      .where("botId", "=", botId)
      .orderBy("id")
      .execute();
    expect(stored).toEqual(["r1", "r2", "r3", "r4"].map((id) => ({ id, isArchived: 1 })));
    expect(ids((await api.get(`/v1/bots/${otherBotId}/results`)).body)).toEqual(["keep"]);
  });
});

describe("access", () => {
  it('answers 404 "Bot not found" on every results route to a user of another workspace, and 401 without a token', async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, [{ id: "private", createdAt: new Date().toISOString() }]);
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    const anonymous = createClient(server.baseUrl);
    const routes: [string, string][] = [
      ["GET", `/v1/bots/${botId}/results`],
      ["GET", `/v1/bots/${botId}/results/private`],
      ["GET", `/v1/bots/${botId}/results/private/transcript`],
      ["GET", `/v1/bots/${botId}/results/private/logs`],
      ["GET", `/v1/bots/${botId}/results/export?format=csv`],
      ["GET", `/v1/bots/${botId}/analytics`],
      ["DELETE", `/v1/bots/${botId}/results`],
      ["DELETE", `/v1/bots/${botId}/results?resultIds=private`],
    ];
    for (const [method, path] of routes) {
      const response = await stranger.request(method, path);
      expect({ method, path, status: response.status, body: response.body }).toEqual({
        method,
        path,
        status: 404,
        body: { code: "NOT_FOUND", message: "Bot not found" },
      });
      expect((await anonymous.request(method, path)).status).toBe(401);
    }
    expect(ids((await api.get(`/v1/bots/${botId}/results`)).body)).toEqual(["private"]);
  });

  it('answers 404 "Result not found" when a member names a result of a bot of another workspace', async () => {
    const botId = await createBot();
    const other = await server.createUser();
    const otherApi = createClient(server.baseUrl, other.token);
    const theirBot = await otherApi.post("/v1/bots", { workspaceId: other.workspaceId, bot: greetingBot() });
    await seedResults(server.ctx.store.db, theirBot.body.bot.id, [
      { id: "their-result", createdAt: new Date().toISOString() },
    ]);
    for (const suffix of ["", "/transcript", "/logs"]) {
      const response = await api.get(`/v1/bots/${botId}/results/their-result${suffix}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "NOT_FOUND", message: "Result not found" });
    }
    await api.delete(`/v1/bots/${botId}/results?resultIds=their-result`);
    expect(ids((await otherApi.get(`/v1/bots/${theirBot.body.bot.id}/results`)).body)).toEqual(["their-result"]);
  });
});
