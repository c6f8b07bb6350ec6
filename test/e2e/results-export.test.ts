import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";
import { seedResults, type SeedResult } from "./results-seed.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;
let token: string;

beforeAll(async () => {
  // Its own server: a test moves the server's clock.
  server = await startTestServer({}, { own: true });
  const user = await server.createUser();
  workspaceId = user.workspaceId;
  token = user.token;
  api = createClient(server.baseUrl, user.token);
});
afterAll(() => server.close());

function surveyBot(name = "Café Survey!") {
  return {
    name,
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-contact",
        title: "Contact",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "b-name", type: "text input", options: { variableId: "v-name" } },
          { id: "b-mail", type: "email input", options: { variableId: "v-mail" } },
        ],
      },
      {
        id: "g-feedback",
        title: "Feedback",
        graphCoordinates: { x: 0, y: 200 },
        blocks: [
          { id: "b-rating", type: "rating input" },
          { id: "b-comment", type: "text input" },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-contact" } }],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-mail", name: "Email" },
      { id: "v-utm", name: "utm_source" },
      { id: "v-secret", name: "Secret", isSessionVariable: true },
    ],
    theme: {},
    settings: {},
  };
}

async function createBot(bot: object = surveyBot()): Promise<string> {
  const response = await api.post("/v1/bots", { workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

const seeded = (prefix: string): SeedResult[] => [
  {
    id: `${prefix}-older`,
    createdAt: "2025-03-30T10:00:00.000Z",
    isCompleted: true,
    answers: [
      { blockId: "b-name", content: "Grace" },
      { blockId: "b-comment", content: "+1 great" },
    ],
    variables: [
      { id: "v-name", name: "Name", value: "Grace" },
      { id: "v-utm", name: "utm_source", value: "\tTabbed" },
    ],
  },
  {
    id: `${prefix}-newer`,
    createdAt: "2025-03-31T23:30:00.000Z",
    answers: [
      { blockId: "b-name", content: '=HYPERLINK("https://evil.example")' },
      { blockId: "b-mail", content: "ada@example.com" },
      { blockId: "b-rating", content: "4" },
      { blockId: "b-comment", content: 'He said "hi", then left\nbye' },
      { blockId: "b-gone", content: "answer to a deleted block" },
    ],
    variables: [
      { id: "v-utm", name: "utm_source", value: "@campaign" },
      { id: "v-secret", name: "Secret", value: "never exported" },
    ],
  },
  { id: `${prefix}-not-started`, createdAt: "2025-03-31T12:00:00.000Z", hasStarted: false },
  {
    id: `${prefix}-archived`,
    createdAt: "2025-03-31T12:00:00.000Z",
    isArchived: true,
    answers: [{ blockId: "b-name", content: "Hidden" }],
  },
];

describe("export results as CSV", () => {
  it("streams one row per started result with its status, neutralised formulas and RFC 4180 quoting", async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, seeded("csv"));
    const response = await fetch(`${server.baseUrl}/v1/bots/${botId}/results/export?format=csv&timeFilter=allTime`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Cafe-Survey-results.csv"');
    expect(await response.text()).toBe(
      [
        '"Submitted at","Status","Name","Email","Feedback","Feedback (1)","utm_source"',
        `"2025-03-31 23:30:00","Not completed","'=HYPERLINK(""https://evil.example"")","ada@example.com","4","He said ""hi"", then left\nbye","'@campaign"`,
        `"2025-03-30 10:00:00","Completed","Grace","","","'+1 great","'\tTabbed"`,
        "",
      ].join("\r\n"),
    );
  });

  it("follows the owner's column order and visibility, and writes dates in the time zone", async () => {
    const botId = await createBot();
    const preferences = {
      columnsOrder: ["select", "v-utm", "b-mail", "date", "logs"],
      columnsVisibility: { "b-rating": false, status: false },
      columnsWidth: {},
    };
    expect((await api.patch(`/v1/bots/${botId}`, { bot: { resultsTablePreferences: preferences } })).status).toBe(200);
    await seedResults(server.ctx.store.db, botId, seeded("ordered"));
    const response = await api.get(`/v1/bots/${botId}/results/export?timeFilter=allTime&timeZone=Asia/Tokyo`);
    expect(response.body).toBe(
      [
        '"utm_source","Email","Submitted at","Name","Feedback (1)"',
        `"'@campaign","ada@example.com","2025-04-01 08:30:00","'=HYPERLINK(""https://evil.example"")","He said ""hi"", then left\nbye"`,
        `"'\tTabbed","","2025-03-30 19:00:00","Grace","'+1 great"`,
        "",
      ].join("\r\n"),
    );
  });

  it("applies the time filter in the time zone, as the listing does", async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, seeded("window"));
    const saved = server.ctx.ports.clock;
    server.ctx.ports.clock = { now: () => new Date("2025-04-01T00:15:00.000Z") };
    try {
      const utc = await api.get(`/v1/bots/${botId}/results/export?timeFilter=today`);
      expect(utc.body).toBe('"Submitted at","Status","Name","Email","Feedback","Feedback (1)","utm_source"\r\n');
      const newYork = await api.get(`/v1/bots/${botId}/results/export?timeFilter=today&timeZone=America/New_York`);
      expect(newYork.body.split("\r\n").map((line: string) => line.slice(0, 21))).toEqual([
        '"Submitted at","Statu',
        '"2025-03-31 19:30:00"',
        "",
      ]);
    } finally {
      server.ctx.ports.clock = saved;
    }
  });

  it("exports thousands of results across batches, newest first, each exactly once", async () => {
    const botId = await createBot(surveyBot("Big"));
    const start = Date.parse("2025-01-01T00:00:00.000Z");
    await seedResults(
      server.ctx.store.db,
      botId,
      Array.from({ length: 1_234 }, (_, i) => ({
        id: `big-${String(i).padStart(5, "0")}`,
        // Pairs share a timestamp, across batch edges too.
        createdAt: new Date(start + Math.floor(i / 2) * 1000).toISOString(),
        answers: [{ blockId: "b-name", content: `name ${i}` }],
      })),
    );
    const response = await api.get(`/v1/bots/${botId}/results/export?timeFilter=allTime`);
    const lines: string[] = response.body.split("\r\n");
    expect(lines).toHaveLength(1 + 1_234 + 1);
    const names = lines.slice(1, -1).map((line) => line.split(",")[2]);
    expect(names).toEqual(Array.from({ length: 1_234 }, (_, i) => `"name ${1_233 - i}"`));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Big-results.csv"');
  });

  it("answers 400 for another format", async () => {
    const botId = await createBot();
    const response = await api.get(`/v1/bots/${botId}/results/export?format=xlsx`);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path: "query.format", message: expect.any(String) }]);
  });
});
