import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  // Its own server: the tests move the server's clock.
  h = await createChatHarness({}, { own: true });
});
afterAll(() => h.close());

const realClock = () => ({ now: () => new Date() });
/** The server's clock, moved ahead: the idle deadline is the server's, whatever the client's clock says. */
const serverClockAhead = (seconds: number) => {
  h.server.ctx.ports.clock = { now: () => new Date(Date.now() + seconds * 1000) };
};
afterEach(() => {
  h.server.ctx.ports.clock = realClock();
});

const bot = buildBot({
  groups: [
    {
      id: "g-ask",
      blocks: [
        say("ask", "Your name?"),
        {
          id: "q-name",
          type: "text input",
          options: { variableId: "v-name", idleTimeout: { seconds: 60, outgoingEdgeId: "e-idle" } },
        },
        say("hi", "Hi {{Name}}"),
      ],
    },
    { id: "g-idle", blocks: [say("still", "Are you still there?")] },
  ],
  edges: [{ ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } }],
  variables: [{ id: "v-name", name: "Name" }],
});

type Bubble = { content: { richText: { children: { text: string }[] }[] } };
const messageTexts = (body: Record<string, unknown>) =>
  (body.messages as Bubble[]).map((message) =>
    message.content.richText[0].children.map((child) => child.text).join(""),
  );

describe("idle timeout over HTTP", () => {
  it("tells the client how long the input waits", async () => {
    const conversation = await h.conversation(bot);
    const start = await conversation.start();
    expect(start.input.idleTimeout).toEqual({ seconds: 60 });
  });

  it("answers an idle message sent too early with 400 IDLE_TOO_EARLY and keeps the chat as it was", async () => {
    const conversation = await h.conversation(bot);
    await conversation.start();
    serverClockAhead(30);
    const early = await conversation.sendRaw({ type: "idle" });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      code: "IDLE_TOO_EARLY",
      message: "The input's idle timeout of 60 s has not passed yet",
    });
    const answered = await conversation.send("Ada");
    expect(messageTexts(answered)).toEqual(["Hi Ada"]);
    expect(await conversation.answers()).toEqual([{ blockId: "q-name", content: "Ada" }]);
  });

  it("walks the idle path once the timeout has passed", async () => {
    const conversation = await h.conversation(bot);
    await conversation.start();
    serverClockAhead(60);
    const idled = await conversation.send({ type: "idle" });
    expect(messageTexts(idled)).toEqual(["Are you still there?"]);
    expect(idled.input).toBeUndefined();
    expect(idled.logs).toBeUndefined();
    expect(await conversation.logs()).toEqual([{ status: "info", description: "No answer within 60 s" }]);
    // The idle path ended the chat: nothing was answered, and the session is gone.
    expect(await conversation.answers()).toEqual([]);
    expect((await conversation.sendRaw("Ada")).status).toBe(404);
  });

  it("takes an ordinary answer that comes after the timeout as the answer", async () => {
    const conversation = await h.conversation(bot);
    await conversation.start();
    serverClockAhead(3600);
    const answered = await conversation.send("Ada");
    expect(messageTexts(answered)).toEqual(["Hi Ada"]);
    expect(await conversation.answers()).toEqual([{ blockId: "q-name", content: "Ada" }]);
    expect(await conversation.logs()).toEqual([]);
  });

  it("refuses an idle timeout outside 1 to 86,400 seconds when the bot is saved", async () => {
    const tooLong = buildBot({
      groups: [{ id: "g", blocks: [{ id: "q", type: "text input", options: { idleTimeout: { seconds: 86_401 } } }] }],
    });
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: tooLong });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe("BAD_REQUEST");
  });
});
