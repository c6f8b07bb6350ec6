import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

let parley: Awaited<ReturnType<typeof startIntegrationServer>>;

beforeAll(async () => {
  parley = await startIntegrationServer();
});
afterAll(async () => {
  await parley.close();
});

const bot = () =>
  buildBot({
    variables: [
      { id: "v-plan", name: "Plan", value: "pro" },
      { id: "v-price", name: "Price", value: "49" },
    ],
    groups: [
      {
        id: "g1",
        blocks: [
          say("hello", "Hello"),
          {
            id: "ga",
            type: "Google Analytics",
            options: {
              trackingId: "G-TEST",
              category: "Plans",
              action: "{{Plan}}",
              label: "{{Missing}}",
              value: "{{Price}}",
            },
          },
          {
            id: "px",
            type: "Pixel",
            options: {
              pixelId: "123456",
              eventType: "Purchase",
              params: [{ id: "p", key: "value", value: "{{Price}}" }],
            },
          },
          { id: "cw", type: "Chatwoot", options: { websiteToken: "token-1", user: { email: "{{Plan}}@example.com" } } },
          { id: "cal", type: "cal-com", options: { action: "Book event" } },
          say("bye", "Bye"),
        ],
      },
    ],
  });

describe("analytics, Chatwoot and unsupported integration blocks", () => {
  it("hands the live client its actions after the bubble before them, and logs the blocks this server cannot run", async () => {
    const publicId = await parley.publish(bot());
    const started = await parley.start(publicId);
    expect(started.status).toBe(200);
    expect(bubbleTexts(started.body)).toEqual(["Hello", "Bye"]);
    const actions = started.body.clientSideActions as Record<string, any>[];
    // The first action may be the start props the runtime injects for a live page.
    const blockActions = actions.filter((action) => action.type !== "startPropsToInject");
    expect(blockActions.map((action) => action.type)).toEqual(["googleAnalytics", "pixel", "chatwoot"]);
    expect(blockActions[0]).toEqual({
      type: "googleAnalytics",
      googleAnalytics: { trackingId: "G-TEST", category: "Plans", action: "pro", value: 49 },
      lastBubbleBlockId: "hello",
    });
    expect(blockActions[1]).toEqual({
      type: "pixel",
      pixel: { pixelId: "123456", eventType: "Purchase", params: [{ id: "p", key: "value", value: 49 }] },
      lastBubbleBlockId: "hello",
    });
    expect(blockActions[2].chatwoot.scriptToExecute.content).toContain('"websiteToken":"token-1"');
    expect(blockActions[2].chatwoot.scriptToExecute.content).toContain('"identifier":"pro@example.com"');
    expect(started.body.logs).toEqual([{ status: "error", description: "Cal.com: the event link is missing" }]);
  });

  it("skips analytics in preview and tells that Chatwoot does not run there", async () => {
    const started = await parley.preview(bot());
    expect(bubbleTexts(started.body)).toEqual(["Hello", "Bye"]);
    expect(started.body.clientSideActions).toEqual([
      { type: "chatwoot", chatwoot: { scriptToExecute: { content: "", args: [] } }, lastBubbleBlockId: "hello" },
    ]);
    expect(started.body.logs).toEqual([
      { status: "info", description: "Chatwoot block is not supported in preview" },
      { status: "error", description: "Cal.com: the event link is missing" },
    ]);
  });
});
