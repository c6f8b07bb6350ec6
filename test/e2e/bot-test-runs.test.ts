import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, edge } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/**
 * The attack on `POST …/tests/run` replayed (issue #31, item 11): tests of a bot whose flow spins in
 * bot code forever. The server runs at most PARLEY_BOT_TEST_RUN_CONCURRENCY of them, in workers it
 * keeps; a run ends at its deadline or when its client leaves, and its worker is terminated.
 */

let server: TestServer;
let token: string;
let botId: string;

// Each pass computes for 150 ms, under the sandbox's time limit (a pass that hit it would fail at once
// from then on), then the flow starts over, up to the engine's 1000 blocks a turn: minutes, far longer
// than the run's deadline.
const spinningBot = buildBot({
  groups: [
    {
      id: "g-spin",
      blocks: [
        {
          id: "b-spin",
          type: "Set variable",
          options: {
            variableId: "v-x",
            expressionToEvaluate: "const until = Date.now() + 150; while (Date.now() < until) {} return 1;",
          },
          outgoingEdgeId: "e-again",
        },
      ],
    },
  ],
  edges: [edge("e-again", "g-spin")],
  variables: [{ id: "v-x", name: "X" }],
});
const spinningTests = "conversations:\n  - name: spins\n    steps:\n      - bot: never said\n";

const runTests = (signal?: AbortSignal) =>
  fetch(`${server.baseUrl}/v1/bots/${botId}/tests/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    ...(signal ? { signal } : {}),
  });

async function waitFor(condition: () => boolean, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

beforeAll(async () => {
  server = await startTestServer({
    PARLEY_BOT_TEST_RUN_CONCURRENCY: "2",
    PARLEY_BOT_TEST_RUN_TIMEOUT_MS: "1500",
    PARLEY_SANDBOX_TIMEOUT_MS: "1000",
    // The per-minute count has its own test (bot-tests.test.ts); here it would refuse first.
    PARLEY_RATE_LIMIT_BOT_TEST_RUNS_PER_MINUTE: "0",
  });
  const owner = await server.createUser();
  token = owner.token;
  const api = createClient(server.baseUrl, token);
  const imported = await api.post("/v1/bots/import", { workspaceId: owner.workspaceId, bot: spinningBot });
  expect(imported.status).toBe(200);
  botId = imported.body.bot.id;
  expect((await api.request("PUT", `/v1/bots/${botId}/tests`, { yaml: spinningTests })).status).toBe(200);
});
afterAll(async () => {
  // After the aborted request, one keep-alive connection stays open and holds the close (see the report
  // in notes/sec-runs.md); the test closes it rather than wait.
  server.app.server.closeAllConnections();
  await server.close();
});

describe("Runs of a bot's tests, bounded", () => {
  it("stop when the client goes away: the worker is terminated long before the deadline, and the slot is free", async () => {
    const runs = server.ctx.botTestRuns;
    const replacedBefore = runs.stats().replacements;
    const client = new AbortController();
    const leaving = runTests(client.signal).catch((error: Error) => error.name);
    expect(await waitFor(() => runs.stats().workers === 1, 2000)).toBe(true);
    const abortedAt = Date.now();
    client.abort();
    expect(await leaving).toBe("AbortError");
    expect(await waitFor(() => runs.stats().busy === 0, 2000)).toBe(true);
    expect(Date.now() - abortedAt).toBeLessThan(1500);
    expect(runs.stats()).toEqual({ busy: 0, workers: 0, replacements: replacedBefore + 1 });
  });

  it("never use more than the configured workers (every slot free again after a client left): extra runs get 429 at once, the others 408 at the deadline", async () => {
    const runs = server.ctx.botTestRuns;
    const replacedBefore = runs.stats().replacements;
    let mostWorkers = 0;
    const watching = setInterval(() => {
      mostWorkers = Math.max(mostWorkers, runs.stats().workers);
    }, 10);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await runTests();
        return { status: response.status, body: await response.json(), at: Date.now() - started, response };
      }),
    );
    clearInterval(watching);

    const refused = responses.filter((r) => r.status === 429);
    const stopped = responses.filter((r) => r.status === 408);
    expect(refused).toHaveLength(6);
    expect(stopped).toHaveLength(2);
    for (const r of refused) {
      expect(r.body).toEqual({
        code: "TOO_MANY_REQUESTS",
        message: "Too many test runs at once: at most 2 run on this server. Retry in 2 seconds.",
      });
      expect(r.response.headers.get("retry-after")).toBe("2");
      // Refused at once, not after waiting for a slot.
      expect(r.at).toBeLessThan(Math.min(...stopped.map((s) => s.at)));
    }
    for (const r of stopped) {
      expect(r.body).toEqual({ code: "TIMEOUT", message: "The test run took longer than 1.5 seconds and was stopped" });
      expect(r.at).toBeGreaterThanOrEqual(1400);
    }
    expect(mostWorkers).toBe(2);
    // The stopped runs' workers were terminated, not left computing.
    expect(runs.stats()).toEqual({ busy: 0, workers: 0, replacements: replacedBefore + 2 });
  });
});
