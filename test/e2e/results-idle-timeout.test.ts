import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";

// What the results show of a visitor who stopped answering: transcript, CSV and analytics.
let h: ChatHarness;
beforeAll(async () => {
  // Its own server: the tests move the server's clock.
  h = await createChatHarness({}, { own: true });
});
afterAll(() => h.close());
afterEach(() => {
  h.server.ctx.ports.clock = { now: () => new Date() };
});
/** The server's clock moved on: the input's idle deadline has passed. */
const later = (seconds: number) => {
  const moved = Date.now() + seconds * 1000;
  h.server.ctx.ports.clock = { now: () => new Date(moved) };
};

const bot = buildBot({
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-mail", name: "Email" },
  ],
  groups: [
    {
      id: "g-ask",
      blocks: [
        say("ask-name", "Your name?"),
        { id: "q-name", type: "text input", options: { variableId: "v-name" } },
        say("ask-mail", "Your email, {{Name}}?"),
        {
          id: "q-mail",
          type: "text input",
          options: { variableId: "v-mail", idleTimeout: { seconds: 45, outgoingEdgeId: "e-idle" } },
        },
        say("thanks", "Thanks!"),
      ],
    },
    { id: "g-idle", blocks: [say("still", "Are you still there?")] },
  ],
  edges: [{ ...edge("e-idle", "g-idle"), from: { blockId: "q-mail" } }],
});

describe("results of a chat that took the idle path", () => {
  it("shows the unanswered question and how long it waited, an empty CSV cell, and the count per block", async () => {
    const idled = await h.conversation(bot);
    await idled.start();
    await idled.send("Ada");
    later(45);
    await idled.send({ type: "idle" });

    const transcript = await h.api.get(`/v1/bots/${idled.botId}/results/${idled.resultId}/transcript`);
    expect(transcript.status).toBe(200);
    expect(transcript.body.transcript).toEqual([
      { role: "bot", type: "text", text: "Your name?" },
      { role: "user", type: "text", text: "Ada" },
      { role: "bot", type: "text", text: "Your email, Ada?" },
      { role: "user", type: "idle", text: "No answer within 45 s" },
      { role: "bot", type: "text", text: "Are you still there?" },
    ]);

    const exported = await h.api.get(`/v1/bots/${idled.botId}/results/export?timeFilter=allTime`);
    expect(exported.status).toBe(200);
    const [header, row, end] = (exported.body as string).split("\r\n");
    expect(header).toBe('"Submitted at","Status","Name","Email"');
    expect(row).toMatch(/^"[\d-]+ [\d:]+","Completed","Ada",""$/);
    expect(end).toBe("");

    const analytics = await h.api.get(`/v1/bots/${idled.botId}/analytics`);
    expect(analytics.status).toBe(200);
    expect(analytics.body).toEqual({
      views: 1,
      starts: 1,
      completions: 1,
      dropOffs: [],
      idleTimeouts: [{ blockId: "q-mail", total: 1 }],
      handOffs: {
        total: 0,
        taken: 0,
        waitToTakeSeconds: { average: null, median: null },
        firstReplySeconds: { average: null, median: null },
      },
    });
  });

  it("counts idle timeouts beside drop-offs, and an answer after the idle path shows after its line", async () => {
    const twice = buildBot({
      variables: [{ id: "v-name", name: "Name" }],
      groups: [
        {
          id: "g-ask",
          blocks: [
            say("ask-name", "Your name?"),
            {
              id: "q-name",
              type: "text input",
              options: { variableId: "v-name", idleTimeout: { seconds: 30, outgoingEdgeId: "e-idle" } },
            },
            say("hi", "Hi {{Name}}"),
          ],
        },
        {
          id: "g-idle",
          blocks: [
            say("still", "Still there?"),
            { id: "q-again", type: "text input", options: { variableId: "v-name" } },
          ],
        },
      ],
      edges: [{ ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } }],
    });
    const first = await h.conversation(twice);
    const botId = first.botId;
    await first.start();
    later(30);
    await first.send({ type: "idle" });
    await first.send("Grace");
    // A second visitor of the same bot idles too and leaves: an idle timeout and a drop-off.
    const second = await h.chat.post(`/v1/bots/${first.publicId}/startChat`, {});
    later(60);
    await h.chat.post(`/v1/sessions/${second.body.sessionId}/continueChat`, { message: { type: "idle" } });

    expect((await h.api.get(`/v1/bots/${botId}/results/${first.resultId}/transcript`)).body.transcript).toEqual([
      { role: "bot", type: "text", text: "Your name?" },
      { role: "user", type: "idle", text: "No answer within 30 s" },
      { role: "bot", type: "text", text: "Still there?" },
      { role: "user", type: "text", text: "Grace" },
    ]);
    expect((await h.api.get(`/v1/bots/${botId}/analytics`)).body).toEqual({
      views: 2,
      starts: 1,
      completions: 1,
      dropOffs: [],
      idleTimeouts: [{ blockId: "q-name", total: 2 }],
      handOffs: {
        total: 0,
        taken: 0,
        waitToTakeSeconds: { average: null, median: null },
        firstReplySeconds: { average: null, median: null },
      },
    });
  });
});
