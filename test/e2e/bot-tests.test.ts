import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** The stored tests of a bot over real HTTP: saved, validated, guarded by tenancy, and run on the draft. */

let server: TestServer;
let api: ReturnType<typeof createClient>;
let stranger: ReturnType<typeof createClient>;
let botId: string;

const leadForm = JSON.parse(fs.readFileSync("docs/examples/lead-form.json", "utf8"));
const exampleTests = fs.readFileSync("docs/examples/lead-form.tests.yaml", "utf8");

beforeAll(async () => {
  server = await startTestServer();
  const owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
  stranger = createClient(server.baseUrl, (await server.createUser()).token);
  const imported = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: leadForm });
  expect(imported.status).toBe(200);
  botId = imported.body.bot.id;
});
afterAll(() => server.close());

const put = (client: ReturnType<typeof createClient>, yaml: unknown, id = botId) =>
  client.request("PUT", `/v1/bots/${id}/tests`, { yaml });

describe("a bot's tests over the API", () => {
  it("are empty until saved, then read back as written", async () => {
    expect((await api.get(`/v1/bots/${botId}/tests`)).body).toEqual({ yaml: "", updatedAt: null });
    const saved = await put(api, exampleTests);
    expect(saved.status).toBe(200);
    const read = await api.get(`/v1/bots/${botId}/tests`);
    expect(read.body).toEqual({ yaml: exampleTests, updatedAt: saved.body.updatedAt });
  });

  it("refuse YAML that would not run, naming line and field, and keep what was stored", async () => {
    const response = await put(api, "conversations:\n  - name: a\n    steps:\n      - say: hi\n");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: "BAD_REQUEST",
      message:
        "Invalid tests (line 4, conversations[0].steps[0]): A step is one of bot, input, user, choices or action (one key each)",
      issues: [
        {
          path: "conversations[0].steps[0]",
          message: "line 4: A step is one of bot, input, user, choices or action (one key each)",
        },
      ],
    });
    const broken = await put(api, "conversations: [\n");
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^Invalid tests \(line \d+\): /);
    expect((await put(api, 42)).status).toBe(400);
    expect((await api.get(`/v1/bots/${botId}/tests`)).body.yaml).toBe(exampleTests);
  });

  it("keep a body limit", async () => {
    const response = await put(api, `# ${"x".repeat(700 * 1024)}\n`);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("are another workspace's business: 404, and 401 without a token", async () => {
    expect((await stranger.get(`/v1/bots/${botId}/tests`)).status).toBe(404);
    expect((await put(stranger, exampleTests)).status).toBe(404);
    expect((await stranger.post(`/v1/bots/${botId}/tests/run`)).status).toBe(404);
    expect((await createClient(server.baseUrl).get(`/v1/bots/${botId}/tests`)).status).toBe(401);
    expect((await api.get("/v1/bots/no-such-bot/tests")).status).toBe(404);
  });

  it("run against the draft: each conversation passes or says where it failed, on which block", async () => {
    expect((await put(api, exampleTests)).status).toBe(200);
    const passing = await api.post(`/v1/bots/${botId}/tests/run`);
    expect(passing.status).toBe(200);
    expect(passing.body.conversations.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual([
      ["happy path", true],
      ["a wrong e-mail address is asked again", true],
    ]);

    // The author rewords the greeting in the draft: the test that pins it fails, on that block.
    const draft = (await api.get(`/v1/bots/${botId}`)).body.bot;
    const groups = structuredClone(draft.groups);
    groups[0].blocks[0].content.richText = [{ type: "p", children: [{ text: "Hi! Your name?" }] }];
    expect((await api.patch(`/v1/bots/${botId}`, { bot: { groups } })).status).toBe(200);
    const failing = await api.post(`/v1/bots/${botId}/tests/run`);
    const [first, second] = failing.body.conversations;
    expect(second.passed).toBe(true);
    expect(first).toMatchObject({
      name: "happy path",
      passed: false,
      failure: {
        stepIndex: 0,
        step: `bot: "Hello! What's your name?"`,
        expected: "Hello! What's your name?",
        got: "Hi! Your name?",
        blockId: groups[0].blocks[0].id,
      },
    });
    expect(first.failure.details).toContain("conversation so far:\n    bot    Hi! Your name?");
  });
});

describe("Save as test (adding a conversation)", () => {
  it("appends to the stored YAML, keeping the author's comments, or starts a file", async () => {
    const owner = await server.createUser();
    const client = createClient(server.baseUrl, owner.token);
    const created = await client.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: leadForm });
    const id = created.body.bot.id;
    const conversation = { name: "recorded", steps: [{ bot: "Hello! What's your name?" }, { user: "Ada" }] };
    const first = await client.post(`/v1/bots/${id}/tests/conversations`, { conversation });
    expect(first.status).toBe(200);
    expect(first.body.yaml).toBe(
      "conversations:\n  - name: recorded\n    steps:\n      - bot: Hello! What's your name?\n      - user: Ada\n",
    );
    expect((await put(client, "# kept\nconversations:\n  - name: mine\n", id)).status).toBe(200);
    const second = await client.post(`/v1/bots/${id}/tests/conversations`, { conversation });
    expect(second.body.yaml).toBe(
      "# kept\nconversations:\n  - name: mine\n  - name: recorded\n    steps:\n      - bot: Hello! What's your name?\n      - user: Ada\n",
    );
    const invalid = await client.post(`/v1/bots/${id}/tests/conversations`, { conversation: { steps: [] } });
    expect(invalid.status).toBe(400);
    expect((await stranger.post(`/v1/bots/${id}/tests/conversations`, { conversation })).status).toBe(404);
  });
});

describe("Running tests, counted", () => {
  it("answers 429 past the runs a minute one account may start, before any bot code runs", async () => {
    const owner = await server.createUser();
    const client = createClient(server.baseUrl, owner.token);
    const created = await client.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: leadForm });
    const id = created.body.bot.id;
    // No stored tests: each run is cheap, and each is counted all the same.
    for (let i = 0; i < 10; i++) expect((await client.post(`/v1/bots/${id}/tests/run`)).status).toBe(200);
    const refused = await client.post(`/v1/bots/${id}/tests/run`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(
        /^Too many requests: at most 10 test runs per minute for one account\. Retry in \d+ seconds\.$/,
      ),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account (and workspace) is not held back.
    const other = await server.createUser();
    const otherClient = createClient(server.baseUrl, other.token);
    const otherBot = await otherClient.post("/v1/bots/import", { workspaceId: other.workspaceId, bot: leadForm });
    expect((await otherClient.post(`/v1/bots/${otherBot.body.bot.id}/tests/run`)).status).toBe(200);
  });
});
