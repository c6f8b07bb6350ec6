import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { connect } from "./canvas-actions.js";

/**
 * An input's idle timeout in the builder: its seconds in the input's settings, the "If idle" exit
 * drawn to a group, the preview taking that path by itself, and the results showing it.
 */
describe("an idle timeout built in the browser", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  const group = (title: string) => page.locator(`[data-testid="group-${title}"]`);
  const settings = () => page.locator('[data-testid="block-settings"]');
  const say = (id: string, text: string) => ({
    id,
    type: "text",
    content: { richText: [{ type: "p", children: [{ text }] }] },
  });

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Idle",
        variables: [{ id: "v-name", name: "name" }],
        groups: [
          {
            id: "g-ask",
            title: "Ask",
            graphCoordinates: { x: 0, y: 0 },
            blocks: [
              say("b-ask", "Your name?"),
              { id: "q-name", type: "text input", options: { variableId: "v-name" } },
            ],
          },
          {
            id: "g-idle",
            title: "Still there",
            graphCoordinates: { x: 420, y: 160 },
            blocks: [
              say("b-still", "Are you still there?"),
              { id: "q-again", type: "text input", options: { variableId: "v-name" } },
            ],
          },
        ],
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g-ask" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await group("Ask").waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("sets the seconds in the input's settings, which adds the 'If idle' exit", async () => {
    expect(await page.locator('[data-testid="idle-exit-q-name"]').count()).toBe(0);
    await page.locator('[data-block-id="q-name"]').click();
    await settings().getByLabel("If no answer within (seconds)").fill("2");
    await expect.poll(() => page.locator('[data-testid="idle-exit-q-name"]').textContent()).toBe("If idle · 2 s");
    await saved();
    expect((await stored()).groups[0].blocks[1].options).toEqual({ variableId: "v-name", idleTimeout: { seconds: 2 } });
  });

  it("draws the 'If idle' edge to a group, stored as the timeout's edge", async () => {
    await page.getByRole("button", { name: "Close the panel" }).click();
    await connect(page, page.locator('[data-testid="idle-exit-q-name"] .react-flow__handle'), group("Still there"));
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);
    await saved();
    const bot = await stored();
    const idleTimeout = bot.groups[0].blocks[1].options.idleTimeout;
    expect(idleTimeout.seconds).toBe(2);
    expect(bot.edges.find((edge: { id: string }) => edge.id === idleTimeout.outgoingEdgeId)).toEqual({
      id: idleTimeout.outgoingEdgeId,
      from: { blockId: "q-name" },
      to: { groupId: "g-idle" },
    });
    // The block's own exit is still free.
    expect(bot.groups[0].blocks[1].outgoingEdgeId).toBeUndefined();
    await shot(page, "idle-timeout-edge");
  });

  it("previews the idle path: the fallback bubble appears by itself after two seconds", async () => {
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Your name?").waitFor();
    await chat.getByText("Are you still there?").waitFor({ timeout: 20_000 });
    await shot(page, "idle-timeout-preview");
    expect(page.problems).toEqual([]);
  });

  it("shows the idle timeout on the canvas beside drop-offs and in the result's transcript", async () => {
    const { publicId } = await harness.api("POST", `/api/v1/bots/${botId}/publish`);
    const chat = async (path: string, body: unknown): Promise<any> =>
      (
        await fetch(`${harness.server.url}/api/v1${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json();
    const started = await chat(`/bots/${publicId}/startChat`, {});
    // The server's clock decides when the timeout has passed: moved past the two seconds.
    const server = harness.server.ctx.ports;
    const realClock = server.clock;
    server.clock = { now: () => new Date(Date.now() + 5000) };
    try {
      const idled = await chat(`/sessions/${started.sessionId}/continueChat`, { message: { type: "idle" } });
      expect(idled.messages).toHaveLength(1);
    } finally {
      server.clock = realClock;
    }
    await chat(`/sessions/${started.sessionId}/continueChat`, { message: "Ada" });

    await page.getByRole("button", { name: "Drop-offs" }).click();
    await expect
      .poll(() => page.locator('[data-block-id="q-name"] .idle-count').textContent())
      .toBe("⏱ 1 idle timeout");

    await page.goto(`${harness.server.url}/bots/${botId}/analytics`);
    await expect
      .poll(() => page.getByRole("list", { name: "Drop-offs per block" }).locator("li").allTextContents())
      .toEqual(["Text input · Ask0 dropped off (0% of starts) · 1 idle timeout"]);

    await page.goto(`${harness.server.url}/bots/${botId}/results`);
    await page.locator('[data-testid="result-row"]').first().click();
    const transcript = page.locator('[data-testid="transcript"] li');
    await expect
      .poll(() => transcript.allTextContents())
      .toEqual(["Bot:Your name?", "Visitor:No answer within 2 s", "Bot:Are you still there?", "Visitor:Ada"]);
    expect(await page.locator('[data-testid="transcript"] li.idle').textContent()).toBe("Visitor:No answer within 2 s");
    await shot(page, "idle-timeout-transcript");
    expect(page.problems).toEqual([]);
  });
});
