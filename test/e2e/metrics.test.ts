import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import { startTestServer } from "../helpers/test-server.js";

const TOKEN = "scrape-secret-7d1f";

/** The value of one sample line, e.g. `parley_chat_turns_total{kind="start"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(harness: ChatHarness, authorization = `Bearer ${TOKEN}`) {
  const response = await fetch(`${harness.server.url}/metrics`, { headers: { authorization } });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("GET /metrics with PARLEY_METRICS=on and a token", () => {
  let harness: ChatHarness;
  beforeAll(async () => {
    harness = await createChatHarness({
      PARLEY_METRICS: "on",
      PARLEY_METRICS_TOKEN: TOKEN,
      PARLEY_SANDBOX_TIMEOUT_MS: "300",
      PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "1",
    });
  });
  afterAll(() => harness.close());

  it("answers 401 without the token or with another one", async () => {
    for (const authorization of ["", "Bearer wrong", TOKEN]) {
      const response = await scrape(harness, authorization);
      expect(response.status).toBe(401);
      expect(JSON.parse(response.text)).toEqual({
        code: "UNAUTHORIZED",
        message: "GET /metrics needs Authorization: Bearer <PARLEY_METRICS_TOKEN>",
      });
    }
  });

  it("counts requests by route pattern and status, chat turns with their latency, and refusals", async () => {
    const chat = await harness.conversation(
      buildBot({
        variables: [{ id: "vName", name: "Name" }],
        groups: [
          {
            id: "g1",
            blocks: [
              { id: "b-name", type: "text input", options: { variableId: "vName" } },
              { id: "b-more", type: "text input" },
            ],
          },
        ],
      }),
    );
    await chat.start();
    await chat.send("Ada");
    const refused = await chat.sendRaw("again");
    expect(refused.status).toBe(429);
    expect((await harness.chat.get("/v1/sessions/no-such-session/nothing/here")).status).toBe(404);

    const { status, type, text } = await scrape(harness);
    expect(status).toBe(200);
    expect(type).toBe("text/plain; version=0.0.4; charset=utf-8");
    const continueRoute = "/api/v1/sessions/:sessionId/continueChat";
    expect(sample(text, `parley_http_requests_total{method="POST",route="${continueRoute}",status="200"}`)).toBe(1);
    expect(sample(text, `parley_http_requests_total{method="POST",route="${continueRoute}",status="429"}`)).toBe(1);
    expect(
      sample(text, `parley_http_requests_total{method="POST",route="/api/v1/bots/:publicId/startChat",status="200"}`),
    ).toBe(1);
    expect(sample(text, `parley_http_requests_total{method="GET",route="(unmatched)",status="404"}`)).toBe(1);
    // Route patterns only: no session id or raw path becomes a label.
    expect(text).not.toContain(chat.sessionId!);
    expect(text).not.toContain("no-such-session");

    expect(sample(text, `parley_chat_turns_total{kind="start"}`)).toBe(1);
    expect(sample(text, `parley_chat_turns_total{kind="continue"}`)).toBe(1);
    expect(sample(text, `parley_chat_turn_duration_seconds_count{kind="start"}`)).toBe(1);
    expect(sample(text, `parley_chat_turn_duration_seconds_bucket{le="+Inf",kind="continue"}`)).toBe(1);
    expect(sample(text, `parley_rate_limit_refusals_total{route="${continueRoute}"}`)).toBe(1);
    expect(text).toContain("# TYPE parley_upload_bytes_total counter");
    expect(sample(text, "parley_upload_bytes_total")).toBe(0);
    // The pool gauges exist where there is a pool: PostgreSQL (DATABASE_URL), not the embedded database.
    if (harness.server.databaseUrl) expect(sample(text, "parley_db_pool_connections")).toBeGreaterThan(0);
    else expect(text).not.toContain("parley_db_pool_connections");
  });

  it("counts the sandbox's runs and the runs it stopped at their time limit", async () => {
    const code = (content: string) =>
      buildBot({
        variables: [{ id: "vOut", name: "Out" }],
        groups: [
          {
            id: "g1",
            blocks: [
              { id: "c", type: "Code", options: { content, isExecutedOnClient: false } },
              say("b", "Out: {{Out}}"),
            ],
          },
        ],
      });
    // A run waits for a worker at most its time limit, and a loaded machine can take longer than these
    // 300 ms to start the first one: the looping run is counted once a run has been answered.
    await expect
      .poll(async () => (await harness.preview(code("setVariable('Out', 'ready')"))).start.body.messages?.at(-1))
      .toEqual(textMessage("b", "Out: ready"));
    const before = (await scrape(harness)).text;
    const series = ["parley_sandbox_runs_total", "parley_sandbox_timeouts_total"].map(
      (name) => `${name}{kind="script"}`,
    );
    const looping = await harness.preview(code("while (true) {}"));
    expect(looping.start.status).toBe(200);
    const after = (await scrape(harness)).text;
    expect(series.map((name) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0))).toEqual([1, 1]);
    // The looping start ran for the sandbox's 300 ms at least.
    const startSeconds = 'parley_chat_turn_duration_seconds_sum{kind="start"}';
    expect(sample(after, startSeconds)! - sample(before, startSeconds)!).toBeGreaterThanOrEqual(0.3);
  });
});

describe("GET /metrics by default", () => {
  it("is not served unless PARLEY_METRICS=on", async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("parley_http_requests_total");
    } finally {
      await server.close();
    }
  });

  it("is open to anyone when PARLEY_METRICS=on without a token", async () => {
    const server = await startTestServer({ PARLEY_METRICS: "on" });
    try {
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("# HELP parley_http_requests_total");
    } finally {
      await server.close();
    }
  });
});
