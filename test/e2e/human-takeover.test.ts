import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let publicId: string;
let inbox: string;

const bot = () =>
  buildBot({
    variables: [{ id: "v-answer", name: "Answer" }],
    groups: [
      {
        id: "g1",
        blocks: [
          say("t-hi", "Let me find a person"),
          {
            id: "handoff",
            type: "hand off",
            options: { waitingMessage: "Someone will be with you shortly", teamNote: "Refund question" },
          },
          say("t-back", "You're back with the bot. Anything else?"),
          { id: "ask", type: "text input", options: { variableId: "v-answer" } },
        ],
      },
      { id: "g-other", blocks: [say("t-other", "Let's start over")] },
    ],
  });

beforeAll(async () => {
  parley = await startIntegrationServer();
  publicId = await parley.publish(bot());
  inbox = `/v1/workspaces/${parley.user.workspaceId}/inbox`;
});
afterAll(async () => {
  await parley?.close();
});

async function handedOff() {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.sessionId as string;
  const listed = await parley.api.get(inbox);
  const chat = listed.body.chats.find((entry: { sessionId: string }) => entry.sessionId === sessionId);
  return { started, sessionId, chat };
}

describe("human takeover over HTTP", () => {
  it("runs the whole loop: hand-off, take, reply seen live, the visitor's answer in the Inbox, hand back", async () => {
    const { started, sessionId, chat } = await handedOff();
    expect(bubbleTexts(started.body)).toEqual(["Let me find a person", "Someone will be with you shortly"]);
    expect(chat).toMatchObject({ status: "waiting", channel: "web", teamNote: "Refund question", operator: null });

    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "handoff");
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: "waiting", data: {} });

    const taken = await parley.api.post(`${inbox}/${chat.id}/take`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.chat.status).toBe("taken");
    const operatorName = taken.body.chat.operator.name as string;
    expect(await stream.nextNews()).toEqual({ event: "joined", data: { name: operatorName } });

    const reply = await parley.api.post(`${inbox}/${chat.id}/messages`, { text: "Hi, I'm here to help" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await stream.nextNews()).toEqual({
      event: "operator",
      data: { id: reply.body.message.id, text: "Hi, I'm here to help", fileUrl: null, name: operatorName },
    });
    const note = await parley.api.post(`${inbox}/${chat.id}/notes`, { text: "Checked the order: refundable" });
    expect(note.status).toBe(200);

    // The visitor's answer goes to the Inbox, not the flow: no bot message comes back.
    const answer = await parley.send(sessionId, "My order never came");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.messages).toEqual([]);
    const transcript = await parley.api.get(`${inbox}/${chat.id}`);
    expect(
      transcript.body.messages.map((message: { author: string; text: string }) => [message.author, message.text]),
    ).toEqual([
      ["operator", "Hi, I'm here to help"],
      ["note", "Checked the order: refundable"],
      ["visitor", "My order never came"],
    ]);
    expect(transcript.body.chat.firstReplyAt).toEqual(reply.body.message.createdAt);

    const back = await parley.api.post(`${inbox}/${chat.id}/handBack`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.chat.status).toBe("handed_back");
    const resumed = await stream.nextNews();
    expect(resumed?.event).toBe("reply");
    expect(bubbleTexts(resumed?.data)).toEqual(["You're back with the bot. Anything else?"]);
    expect(resumed?.data.input).toMatchObject({ id: "ask", type: "text input" });
    expect((await parley.api.get(inbox)).body.chats.some((entry: { id: string }) => entry.id === chat.id)).toBe(false);
    stream.close();
  });

  it("hands back at a group the operator chose", async () => {
    const { sessionId, chat } = await handedOff();
    expect((await parley.api.post(`${inbox}/${chat.id}/take`)).status).toBe(200);
    const back = await parley.api.post(`${inbox}/${chat.id}/handBack`, { groupId: "g-other" });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "handoff");
    // A client that connects late is told who joined, then gets the turn the hand back produced.
    expect((await stream.nextNews())?.event).toBe("joined");
    const news = await stream.nextNews();
    expect(news?.event).toBe("reply");
    expect(bubbleTexts(news?.data)).toEqual(["Let's start over"]);
    stream.close();
  });

  it("sends a chat nobody took in time down the no-operator exit, once", async () => {
    const timedBot = buildBot({
      groups: [
        {
          id: "g1",
          blocks: [
            {
              id: "handoff",
              type: "hand off",
              options: { waitingMessage: "Looking for someone", timeoutSeconds: 1, noOperatorEdgeId: "e-nobody" },
            },
          ],
        },
        { id: "g-nobody", blocks: [say("t-nobody", "Nobody is free right now, we will write back")] },
      ],
      edges: [{ id: "e-nobody", from: { blockId: "handoff" }, to: { groupId: "g-nobody" } }],
    });
    const timedId = await parley.publish(timedBot);
    const started = await parley.start(timedId);
    expect(bubbleTexts(started.body)).toEqual(["Looking for someone"]);
    const sessionId = started.body.sessionId as string;
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "handoff");
    expect(await stream.next()).toEqual({ event: "waiting", data: {} });
    const news = await stream.nextNews();
    expect(news?.event).toBe("reply");
    expect(bubbleTexts(news?.data)).toEqual(["Nobody is free right now, we will write back"]);
    stream.close();
    const listed = await parley.api.get(inbox);
    expect(listed.body.chats.some((entry: { sessionId: string }) => entry.sessionId === sessionId)).toBe(false);
  });

  it("lets exactly one of two operators take a chat at once", async () => {
    const { chat } = await handedOff();
    const second = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, second.userId, "MEMBER");
    const other = createClient(parley.server.baseUrl, second.token);
    const [a, b] = await Promise.all([
      parley.api.post(`${inbox}/${chat.id}/take`),
      other.post(`${inbox}/${chat.id}/take`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toEqual({ code: "HAND_OFF_TAKEN", message: "Another operator took this chat first" });
  });

  it("lets a GUEST read but not act (403), and hides the chat from another workspace (404)", async () => {
    const { chat } = await handedOff();
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    const asGuest = createClient(parley.server.baseUrl, guest.token);
    expect((await asGuest.get(`${inbox}/${chat.id}`)).status).toBe(200);
    const refused = await asGuest.post(`${inbox}/${chat.id}/take`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");

    const stranger = await parley.server.createUser();
    const asStranger = createClient(parley.server.baseUrl, stranger.token);
    expect((await asStranger.get(`${inbox}/${chat.id}`)).status).toBe(404);
    // Their own workspace does not hold it either.
    const theirs = await asStranger.get(`/v1/workspaces/${stranger.workspaceId}/inbox/${chat.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ code: "NOT_FOUND", message: "Chat not found" });
  });

  it("refuses a reply before the operator took the chat, and a reply without text or file", async () => {
    const { chat } = await handedOff();
    const early = await parley.api.post(`${inbox}/${chat.id}/messages`, { text: "Hello?" });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: "CONFLICT", message: "Take the chat before answering in it" });
    const empty = await parley.api.post(`${inbox}/${chat.id}/messages`, {});
    expect(empty.status).toBe(400);
  });
});
