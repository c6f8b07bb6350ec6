import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";

/**
 * Issue 15, finding 3: bot code never runs on the server's thread. Ten bubbles whose inline code loops,
 * replayed by a Transcript Set variable, once froze every request for 20 s.
 */
let harness: ChatHarness;
beforeAll(async () => {
  // One worker: on a two-core test machine a second looping worker would take the core the server's
  // thread needs, which says nothing about where bot code runs.
  harness = await createChatHarness({
    PARLEY_SANDBOX_TIMEOUT_MS: "400",
    PARLEY_CHAT_TURN_TIMEOUT_MS: "2500",
    PARLEY_SANDBOX_WORKERS: "1",
  });
  // A running server: its sandbox workers started, the test's HTTP client connected.
  const warm = buildBot({ groups: [{ id: "g1", blocks: [say("a", "{{= 'a' =}}"), say("b", "{{= 'b' =}}")] }] });
  expect((await harness.preview(warm)).start.status).toBe(200);
  await (await fetch(`${harness.server.url}/api/health`)).arrayBuffer();
});
afterAll(() => harness.close());

const loopingBubbles = Array.from({ length: 10 }, (_, i) =>
  say(`b${i}`, `Bubble ${i} {{= (() => { for (;;) {} })() =}}`),
);
const freezingBot = buildBot({
  variables: [{ id: "vT", name: "T" }],
  groups: [
    {
      id: "g1",
      blocks: [
        ...loopingBubbles,
        { id: "sv", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
      ],
    },
  ],
});

/**
 * Times /api/health every 50 ms for `forMs`, from 200 ms on: once the request has been read and the
 * bot's code runs. It goes on after a turn that timed out has answered, since the abandoned turn may
 * still be running. The test's client shares the server's thread, so a probe's time runs from when it
 * was due: a thread held between two probes delays the next one's timer, and that counts too.
 */
async function healthTimes(forMs: number): Promise<number[]> {
  const until = performance.now() + forMs;
  const times: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, 200));
  let due = performance.now();
  while (due < until) {
    const response = await fetch(`${harness.server.url}/api/health`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - due);
    due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times;
}

describe("looping inline code in an anonymous preview", () => {
  it("answers /api/health within 100 ms while it runs, and the turn answers by its deadline", async () => {
    const started = performance.now();
    const preview = harness
      .preview(freezingBot)
      .then((answer) => ({ ...answer, elapsed: performance.now() - started }));
    const times = await healthTimes(5000);
    const { start, elapsed } = await preview;

    expect(times.length).toBeGreaterThan(10);
    // Within 100 ms as a rule; on a test machine shared by many runs a probe may wait for a CPU now and
    // then, but none waits as long as one inline evaluation on the server's thread would hold it (400 ms).
    const sorted = [...times].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
    expect(sorted.at(-1)).toBeLessThan(400);
    expect(start.status).toBe(408);
    expect(start.body).toEqual({ code: "TIMEOUT", message: "2.5 seconds timeout reached" });
    expect(elapsed).toBeLessThan(2500 + 1000);
  });

  it("replays the bubbles in the transcript with their code shown as written when it times out", async () => {
    const bot = buildBot({
      variables: [{ id: "vT", name: "T" }],
      groups: [
        {
          id: "g1",
          blocks: [
            say("b1", "One {{= 'x'.repeat(3) =}}"),
            say("b2", "Two {{= (() => { for (;;) {} })() =}}"),
            { id: "sv", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
            say("show", "Transcript: {{T}}"),
          ],
        },
      ],
    });
    const { start } = await harness.preview(bot);
    expect(start.status).toBe(200);
    const shown = JSON.stringify(start.body.messages.at(-1));
    expect(shown).toContain('Assistant: \\"One xxx\\"');
    expect(shown).toContain('Assistant: \\"Two (() => { for (;;) {} })()\\"');
  });
});
