import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { openEventStream, type EventsClient } from "../helpers/session-events.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let publicId: string;
let inbox: string;

/** Hands the chat to a person; once handed back, greets the visitor by the name the operator set. */
const bot = () =>
  buildBot({
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-plan", name: "Plan" },
    ],
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "handoff", type: "hand off", options: { waitingMessage: "Someone will be with you shortly" } },
          say("t-back", "Welcome back {{Name}}, your plan is {{Plan}}"),
        ],
      },
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

const openInbox = (token = parley.user.token, workspaceId = parley.user.workspaceId) =>
  openEventStream(`${parley.server.baseUrl}/v1/workspaces/${workspaceId}/inbox/events`, {
    authorization: `Bearer ${token}`,
  });

/** The next news of `stream` about chat `handoffId` (other tests' chats share the workspace). */
async function newsAbout(stream: EventsClient, handoffId: string) {
  for (;;) {
    const news = await stream.nextNews();
    if (!news) return undefined;
    const id = news.event === "chat" ? news.data.chat.id : news.data.handoffId;
    if (id === handoffId) return news;
  }
}

async function waitingChat(stream: EventsClient) {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.sessionId as string;
  for (;;) {
    const news = await stream.nextNews();
    if (news?.event === "chat" && news.data.chat.sessionId === sessionId) return { sessionId, chat: news.data.chat };
    if (!news) throw new Error("The Inbox stream ended");
  }
}

describe("the Inbox's live stream", () => {
  it("tells an open page of each change: new chat, taken, reply, visitor message, note, handed back", async () => {
    const stream = await openInbox();
    expect(stream.status).toBe(200);
    const first = await stream.next();
    expect(first?.event).toBe("chats");
    expect(Array.isArray(first?.data.chats)).toBe(true);

    const { sessionId, chat } = await waitingChat(stream);
    expect(chat).toMatchObject({ status: "waiting", channel: "web", operator: null, botId: expect.any(String) });

    const taken = await parley.api.post(`${inbox}/${chat.id}/take`);
    expect(taken.status).toBe(200);
    const takenNews = await newsAbout(stream, chat.id);
    expect(takenNews).toMatchObject({ event: "chat", data: { chat: { id: chat.id, status: "taken" } } });
    expect(takenNews?.data.chat.operator.name).toBe(taken.body.chat.operator.name);

    const reply = await parley.api.post(`${inbox}/${chat.id}/messages`, { text: "Hello, Ann here" });
    // The reply also changes the chat (its first reply time), then the message itself comes.
    expect(await newsAbout(stream, chat.id)).toMatchObject({
      event: "chat",
      data: { chat: { firstReplyAt: reply.body.message.createdAt } },
    });
    expect(await newsAbout(stream, chat.id)).toEqual({
      event: "message",
      data: { handoffId: chat.id, message: reply.body.message },
    });

    expect((await parley.send(sessionId, "Where is my parcel?")).status).toBe(200);
    expect(await newsAbout(stream, chat.id)).toMatchObject({
      event: "message",
      data: { handoffId: chat.id, message: { author: "visitor", text: "Where is my parcel?", authorName: null } },
    });

    expect((await parley.api.post(`${inbox}/${chat.id}/notes`, { text: "VIP customer" })).status).toBe(200);
    expect(await newsAbout(stream, chat.id)).toMatchObject({
      event: "message",
      data: { message: { author: "note", text: "VIP customer" } },
    });

    expect((await parley.api.post(`${inbox}/${chat.id}/handBack`, {})).status).toBe(200);
    expect(await newsAbout(stream, chat.id)).toMatchObject({
      event: "chat",
      data: { chat: { id: chat.id, status: "handed_back", endedAt: expect.any(String) } },
    });
    stream.close();
  });

  it("starts with the open chats in Inbox order, and tells of a closed chat", async () => {
    const stream = await openInbox();
    await stream.next();
    const a = await waitingChat(stream);
    const b = await waitingChat(stream);
    stream.close();

    const again = await openInbox();
    const snapshot = await again.next();
    const ids = snapshot?.data.chats.map((chat: { id: string }) => chat.id) as string[];
    expect(ids.indexOf(a.chat.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a.chat.id)).toBeLessThan(ids.indexOf(b.chat.id));
    expect((await parley.api.post(`${inbox}/${b.chat.id}/close`)).status).toBe(200);
    expect(await newsAbout(again, b.chat.id)).toMatchObject({ event: "chat", data: { chat: { status: "closed" } } });
    again.close();
  });

  it("lets a GUEST read the stream, and answers 404 to someone outside the workspace", async () => {
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    const asGuest = await openInbox(guest.token);
    expect(asGuest.status).toBe(200);
    expect((await asGuest.next())?.event).toBe("chats");
    asGuest.close();

    const stranger = await parley.server.createUser();
    const refused = await openInbox(stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
    const anonymous = await openEventStream(
      `${parley.server.baseUrl}/v1/workspaces/${parley.user.workspaceId}/inbox/events`,
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("setting a chat's variables from the Inbox", () => {
  it("sets them while the operator has the chat; the flow reads them after the hand back", async () => {
    const stream = await openInbox();
    await stream.next();
    const { sessionId, chat } = await waitingChat(stream);
    stream.close();
    const early = await parley.api.post(`${inbox}/${chat.id}/variables`, { variables: { Name: "Ann" } });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: "CONFLICT", message: "Take the chat before answering in it" });
    expect((await parley.api.post(`${inbox}/${chat.id}/take`)).status).toBe(200);

    const set = await parley.api.post(`${inbox}/${chat.id}/variables`, { variables: { Name: "Ann", Plan: "Pro" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      variables: [
        { name: "Name", value: "Ann" },
        { name: "Plan", value: "Pro" },
      ],
    });
    const unknown = await parley.api.post(`${inbox}/${chat.id}/variables`, { variables: { Shoe: "42" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: "BAD_REQUEST",
      message: 'The bot has no variable named "Shoe"',
      issues: [{ path: "variables.Shoe", message: "No such variable in this bot" }],
    });
    expect((await parley.api.post(`${inbox}/${chat.id}/variables`, { variables: {} })).status).toBe(400);

    const transcript = await parley.api.get(`${inbox}/${chat.id}`);
    expect(transcript.body.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ["note", "Set the variables Name, Plan"],
    ]);

    const back = await parley.api.post(`${inbox}/${chat.id}/handBack`, {});
    expect(back.status).toBe(200);
    const session = await parley.server.ctx.chat.findSession(sessionId);
    const reply = JSON.parse(session!.state).lastWebhookCall.reply;
    expect(bubbleTexts(reply)).toEqual(["Welcome back Ann, your plan is Pro"]);
  });

  it("refuses a GUEST (403) and another operator's chat (409)", async () => {
    const stream = await openInbox();
    await stream.next();
    const { chat } = await waitingChat(stream);
    stream.close();
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    const asGuest = createClient(parley.server.baseUrl, guest.token);
    expect((await asGuest.post(`${inbox}/${chat.id}/variables`, { variables: { Name: "x" } })).status).toBe(403);

    const member = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, member.userId, "MEMBER");
    expect((await parley.api.post(`${inbox}/${chat.id}/take`)).status).toBe(200);
    const other = createClient(parley.server.baseUrl, member.token);
    const refused = await other.post(`${inbox}/${chat.id}/variables`, { variables: { Name: "x" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: "HAND_OFF_TAKEN", message: "Another operator has this chat" });
  });
});
