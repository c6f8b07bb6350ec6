import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { minutesBefore, seedResults } from "./results-seed.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let chat: ReturnType<typeof createClient>;
let workspaceId: string;
let savedClock: TestServer["ctx"]["ports"]["clock"];

beforeAll(async () => {
  // Its own server: the tests move the server's clock.
  server = await startTestServer({}, { own: true });
  savedClock = server.ctx.ports.clock;
  const user = await server.createUser();
  workspaceId = user.workspaceId;
  api = createClient(server.baseUrl, user.token);
  chat = createClient(server.baseUrl);
});
afterAll(() => server.close());
afterEach(() => {
  server.ctx.ports.clock = savedClock;
});

function freezeClock(iso: string) {
  server.ctx.ports.clock = { now: () => new Date(iso) };
}

async function createBot(bot: object = greetingBot()): Promise<string> {
  const response = await api.post("/v1/bots", { workspaceId, bot });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

const ids = (body: { results: { id: string }[] }) => body.results.map((result) => result.id);

describe("list results (operation 10)", () => {
  it("lists started, non-archived results newest first, with their answers in order", async () => {
    const botId = await createBot();
    const now = new Date();
    await seedResults(server.ctx.store.db, botId, [
      {
        id: "older",
        createdAt: minutesBefore(now, 30),
        answers: [
          { blockId: "b-name", content: "Ada" },
          { blockId: "b-mail", content: "ada@example.com" },
        ],
      },
      { id: "newest", createdAt: minutesBefore(now, 1), variables: [{ id: "v-name", name: "Name", value: "Grace" }] },
      { id: "middle", createdAt: minutesBefore(now, 10) },
      { id: "not-started", createdAt: minutesBefore(now, 5), hasStarted: false },
      { id: "archived", createdAt: minutesBefore(now, 6), isArchived: true },
    ]);
    const response = await api.get(`/v1/bots/${botId}/results`);
    expect(response.status).toBe(200);
    // The page is sent as the database composed it (JsonText), typed as every other JSON answer.
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(ids(response.body)).toEqual(["newest", "middle", "older"]);
    expect(response.body.nextCursor).toBeUndefined();
    expect(response.body.results[0]).toEqual({
      id: "newest",
      createdAt: minutesBefore(now, 1),
      botId,
      variables: [{ id: "v-name", name: "Name", value: "Grace" }],
      isCompleted: false,
      hasStarted: true,
      isArchived: false,
      lastChatSessionId: "session-newest",
      answers: [],
    });
    expect(response.body.results[2].answers).toEqual([
      { blockId: "b-name", content: "Ada", attachedFileUrls: [] },
      { blockId: "b-mail", content: "ada@example.com", attachedFileUrls: [] },
    ]);
  });

  it("lists a result of a real public chat once it has an answer", async () => {
    const botId = await createBot();
    const { body: published } = await api.post(`/v1/bots/${botId}/publish`);
    const start = await chat.post(`/v1/bots/${published.publicId}/startChat`, {});
    expect(ids((await api.get(`/v1/bots/${botId}/results`)).body)).toEqual([]);
    await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "Ada" });
    const listed = await api.get(`/v1/bots/${botId}/results`);
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: start.body.resultId,
        hasStarted: true,
        isCompleted: true,
        lastChatSessionId: start.body.sessionId,
        variables: [{ id: "v-name", name: "Name", value: "Ada" }],
        answers: [{ blockId: "b-name", content: "Ada", attachedFileUrls: [] }],
      }),
    ]);
  });

  // Now is 00:15 UTC on 1 April 2025: 20:15 on 31 March in New York, 09:15 on 1 April in Tokyo.
  const seeded = [
    { id: "a", createdAt: "2025-03-31T23:30:00.000Z" },
    { id: "b", createdAt: "2025-04-01T00:05:00.000Z" },
    { id: "c", createdAt: "2025-03-25T10:00:00.000Z" },
    { id: "d", createdAt: "2025-03-01T02:00:00.000Z" },
    { id: "e", createdAt: "2025-02-28T20:00:00.000Z" },
    { id: "f", createdAt: "2024-12-31T20:00:00.000Z" },
    { id: "g", createdAt: "2023-06-01T12:00:00.000Z" },
    { id: "h", createdAt: "2025-03-02T20:00:00.000Z" },
  ];
  const all = ["b", "a", "c", "h", "d", "e", "f", "g"];
  const expected: Record<string, Record<string, string[]>> = {
    UTC: {
      today: ["b"],
      last7Days: ["b", "a"],
      last30Days: ["b", "a", "c"],
      monthToDate: ["b"],
      lastMonth: ["a", "c", "h", "d"],
      yearToDate: ["b", "a", "c", "h", "d", "e"],
      allTime: all,
    },
    "America/New_York": {
      today: ["b", "a"],
      last7Days: ["b", "a", "c"],
      last30Days: ["b", "a", "c", "h"],
      monthToDate: ["b", "a", "c", "h"],
      lastMonth: ["d", "e"],
      yearToDate: ["b", "a", "c", "h", "d", "e"],
      allTime: all,
    },
    "Asia/Tokyo": {
      today: ["b", "a"],
      last7Days: ["b", "a"],
      last30Days: ["b", "a", "c", "h"],
      monthToDate: ["b", "a"],
      lastMonth: ["c", "h", "d", "e"],
      yearToDate: ["b", "a", "c", "h", "d", "e", "f"],
      allTime: all,
    },
  };

  it("applies every time filter with day, month and year boundaries taken in the time zone", async () => {
    const botId = await createBot();
    await seedResults(server.ctx.store.db, botId, seeded);
    freezeClock("2025-04-01T00:15:00.000Z");
    for (const [timeZone, byFilter] of Object.entries(expected))
      for (const [timeFilter, want] of Object.entries(byFilter)) {
        const response = await api.get(
          `/v1/bots/${botId}/results?timeFilter=${timeFilter}&timeZone=${encodeURIComponent(timeZone)}`,
        );
        expect({ timeZone, timeFilter, ids: ids(response.body) }).toEqual({ timeZone, timeFilter, ids: want });
      }
  });

  it("defaults to the last 7 days in UTC", async () => {
    const botId = await createBot();
    await seedResults(
      server.ctx.store.db,
      botId,
      seeded.map((result) => ({ ...result, id: `default-${result.id}` })),
    );
    freezeClock("2025-04-01T00:15:00.000Z");
    expect(ids((await api.get(`/v1/bots/${botId}/results`)).body)).toEqual(["default-b", "default-a"]);
  });

  it("answers 400 for a limit outside 1 to 100, an unknown time filter or zone, and a forged cursor", async () => {
    const botId = await createBot();
    const message = "limit must be between 1 and 100";
    for (const limit of ["0", "101", "-1", "2.5", "ten"]) {
      const response = await api.get(`/v1/bots/${botId}/results?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: "BAD_REQUEST",
        message: `Invalid query: query.limit: ${message}`,
        issues: [{ path: "query.limit", message }],
      });
    }
    for (const limit of ["1", "100"])
      expect((await api.get(`/v1/bots/${botId}/results?limit=${limit}`)).status).toBe(200);

    const filter = await api.get(`/v1/bots/${botId}/results?timeFilter=yesterday`);
    expect(filter.status).toBe(400);
    expect(filter.body.issues).toEqual([{ path: "query.timeFilter", message: expect.any(String) }]);

    const zone = await api.get(`/v1/bots/${botId}/results?timeZone=Mars/Olympus_Mons`);
    expect(zone.status).toBe(400);
    expect(zone.body.issues).toEqual([
      { path: "query.timeZone", message: "Unknown time zone: expected an IANA name such as Europe/Paris" },
    ]);

    for (const cursor of ["nonsense", Buffer.from('["yesterday","x"]').toString("base64url")]) {
      const response = await api.get(`/v1/bots/${botId}/results?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: "INVALID_CURSOR",
        message: "Invalid cursor: pass the nextCursor of a previous page",
        issues: [{ path: "query.cursor", message: "Invalid cursor" }],
      });
    }
  });

  it("pages 50 at a time by default and omits nextCursor on the last page", async () => {
    const botId = await createBot();
    const now = new Date();
    await seedResults(
      server.ctx.store.db,
      botId,
      Array.from({ length: 60 }, (_, i) => ({
        id: `r${String(i).padStart(3, "0")}`,
        createdAt: minutesBefore(now, i + 1),
      })),
    );
    const first = await api.get(`/v1/bots/${botId}/results`);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api.get(`/v1/bots/${botId}/results?cursor=${first.body.nextCursor}`);
    expect(ids(second.body)).toEqual(Array.from({ length: 10 }, (_, i) => `r${String(i + 50).padStart(3, "0")}`));
    expect(second.body.nextCursor).toBeUndefined();
    // Exactly one full page: no cursor to an empty page.
    const exact = await api.get(`/v1/bots/${botId}/results?limit=60`);
    expect(exact.body.results).toHaveLength(60);
    expect(exact.body.nextCursor).toBeUndefined();
  });

  it("walks 250 results with a cursor while new ones arrive, never repeating or skipping one", async () => {
    const botId = await createBot();
    const now = new Date();
    // Five results share each timestamp: the id breaks the tie.
    const original = Array.from({ length: 250 }, (_, i) => ({
      id: `walk-${String(i).padStart(3, "0")}-${(i * 7919) % 1000}`,
      createdAt: minutesBefore(now, 10 + Math.floor(i / 5)),
    }));
    await seedResults(server.ctx.store.db, botId, original);
    const order = [...original]
      .sort((x, y) => (x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1))
      .map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await api.get(
        `/v1/bots/${botId}/results?limit=37&timeFilter=allTime${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.status).toBe(200);
      seen.push(...ids(response.body));
      cursor = response.body.nextCursor;
      pages++;
      // Visitors keep answering between two page reads, some at the very instant of the cursor.
      await seedResults(server.ctx.store.db, botId, [
        { id: `new-${pages}-a`, createdAt: new Date().toISOString() },
        { id: `new-${pages}-b`, createdAt: minutesBefore(now, 5) },
      ]);
    } while (cursor);
    expect(pages).toBe(7);
    expect(seen).toEqual(order);

    const fresh = await api.get(`/v1/bots/${botId}/results?limit=100&timeFilter=allTime`);
    expect(ids(fresh.body).slice(0, 3)).toEqual(["new-7-a", "new-6-a", "new-5-a"]);
  });
});
