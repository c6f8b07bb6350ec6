import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let publicId: string;
let botId: string;

const bot = () =>
  buildBot({
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-plan", name: "Plan", value: "free" },
      { id: "v-answer", name: "Answer" },
    ],
    groups: [
      {
        id: "g1",
        blocks: [
          say("t-wait", "Waiting for your payment"),
          {
            id: "hook",
            type: "webhook",
            options: {
              responseVariableMapping: [
                { id: "m1", bodyPath: "data.customer.name", variableId: "v-name" },
                { id: "m2", bodyPath: "data.plans.find((plan) => plan.active).id", variableId: "v-plan" },
              ],
            },
          },
          say("t-paid", "Paid, {{Name}} ({{Plan}})"),
          { id: "ask", type: "text input", options: { variableId: "v-answer" } },
          say("t-bye", "Bye"),
        ],
      },
    ],
  });

const callPath = (resultId: string, block = "hook", id = botId) =>
  `/v1/bots/${id}/blocks/${block}/results/${resultId}/executeWebhook`;

const payment = { customer: { name: "Ada" }, plans: [{ id: "free" }, { id: "pro", active: true }] };

beforeAll(async () => {
  parley = await startIntegrationServer();
  publicId = await parley.publish(bot());
  botId = (await parley.api.get(`/v1/bots?workspaceId=${parley.user.workspaceId}`)).body.bots[0].id;
});
afterAll(async () => {
  await parley?.close();
});

async function startWaiting() {
  const started = await parley.start(publicId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { sessionId: started.body.sessionId as string, resultId: started.body.resultId as string, started };
}

describe("the wait-for-webhook block over HTTP", () => {
  it("pauses the chat, resumes it on the call and hands the visitor's stream the next messages", async () => {
    const { sessionId, resultId, started } = await startWaiting();
    expect(bubbleTexts(started.body)).toEqual(["Waiting for your payment"]);
    expect(started.body.input).toBeUndefined();
    expect(started.body.clientSideActions).toContainEqual({
      type: "listenForWebhook",
      expectsDedicatedReply: true,
      blockId: "hook",
      lastBubbleBlockId: "t-wait",
    });

    // The visitor cannot answer in the outside system's place.
    const early = await parley.send(sessionId, "I paid already");
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      code: "WAITING_FOR_WEBHOOK",
      message: "This chat is waiting for an outside system to call its webhook; it goes on once the call arrives",
    });

    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: "waiting", data: {} });

    const call = await parley.api.post(callPath(resultId), payment);
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(call.body).toEqual({ message: "OK" });

    const news = await stream.nextNews();
    expect(news?.event).toBe("reply");
    expect(bubbleTexts(news?.data)).toEqual(["Paid, Ada (pro)"]);
    expect(news?.data.input).toMatchObject({ id: "ask", type: "text input" });
    expect(await stream.next()).toBeUndefined();

    expect(await parley.resultVariables(resultId)).toMatchObject({ Name: "Ada", Plan: "pro" });
    // A client that reconnects after the call still gets the messages.
    const late = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(await late.nextNews()).toEqual(news);

    // The chat goes on with the visitor from there.
    const answered = await parley.send(sessionId, "Thanks");
    expect(answered.status).toBe(200);
    expect(bubbleTexts(answered.body)).toEqual(["Bye"]);
  });

  it("answers a second call for the same block with 409, and concurrent calls with exactly one 200", async () => {
    const first = await startWaiting();
    expect((await parley.api.post(callPath(first.resultId), payment)).status).toBe(200);
    const again = await parley.api.post(callPath(first.resultId), payment);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: "WEBHOOK_ALREADY_RESUMED",
      message: "This block's webhook was already called; the chat went on",
    });

    const second = await startWaiting();
    const calls = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        parley.api.post(callPath(second.resultId), { customer: { name: `Caller ${index}` }, plans: [] }),
      ),
    );
    expect(calls.map((call) => call.status).sort()).toEqual([200, 409, 409, 409]);
    for (const call of calls.filter((call) => call.status === 409))
      expect(call.body.code).toBe("WEBHOOK_ALREADY_RESUMED");
    const winner = calls.findIndex((call) => call.status === 200);
    expect((await parley.resultVariables(second.resultId)).Name).toBe(`Caller ${winner}`);
  });

  it("answers 404 for an unknown result and for a block the chat does not wait at", async () => {
    const { resultId } = await startWaiting();
    const unknown = await parley.api.post(callPath("no-such-result"), payment);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "NOT_FOUND", message: "Result not found" });
    const elsewhere = await parley.api.post(callPath(resultId, "ask"), payment);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({
      code: "WEBHOOK_NOT_WAITING",
      message: "This chat is not waiting for a call at this block",
    });
    // The chat still waits: nothing of the refused calls was taken.
    expect((await parley.api.post(callPath(resultId), payment)).status).toBe(200);
  });

  it("needs a token with write access to the bot: none 401, another workspace 404, a guest 403", async () => {
    const { resultId } = await startWaiting();
    const anonymous = await createClient(parley.server.baseUrl).post(callPath(resultId), payment);
    expect(anonymous.status).toBe(401);
    const stranger = await parley.server.createUser();
    const foreign = await createClient(parley.server.baseUrl, stranger.token).post(callPath(resultId), payment);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    const asGuest = await createClient(parley.server.baseUrl, guest.token).post(callPath(resultId), payment);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe("FORBIDDEN");
    expect((await parley.api.post(callPath(resultId), payment)).status).toBe(200);
  });

  it("refuses a guest who names a workspace of their own in the body, on both paths, and the chat still waits", async () => {
    const { sessionId, resultId } = await startWaiting();
    const guest = await parley.server.createUser();
    await parley.server.ctx.workspaces.addMember(parley.user.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(parley.server.baseUrl, guest.token);
    // The guest is admin of their own workspace: the audit's trick named it in the body.
    const trick = { ...payment, workspaceId: guest.workspaceId };
    const answers = [
      await guestApi.post(callPath(resultId), trick),
      await guestApi.post(`/v1/typebots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, trick),
    ];
    const refused = {
      status: 403,
      body: { code: "FORBIDDEN", message: "Guests can read this workspace's bots and results but not change anything" },
    };
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual([refused, refused]);
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(stream.status).toBe(200);
    expect((await parley.api.post(callPath(resultId), payment)).status).toBe(200);
    expect(bubbleTexts((await stream.nextNews())?.data)).toEqual(["Paid, Ada (pro)"]);
    stream.close();
  });

  it("takes the reference's /typebots/ path as well", async () => {
    const { sessionId, resultId } = await startWaiting();
    const call = await parley.api.post(`/v1/typebots/${botId}/blocks/hook/results/${resultId}/executeWebhook`, payment);
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(call.body).toEqual({ message: "OK" });
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "hook");
    expect(bubbleTexts((await stream.nextNews())?.data)).toEqual(["Paid, Ada (pro)"]);
  });

  it("refuses a body over 64 KB (413) and keeps waiting", async () => {
    const { resultId } = await startWaiting();
    const large = await parley.api.post(callPath(resultId), { filler: "x".repeat(70 * 1024) });
    expect(large.status).toBe(413);
    expect((await parley.api.post(callPath(resultId), payment)).status).toBe(200);
  });

  it("refuses a stream for a block the chat never waited at", async () => {
    const { sessionId } = await startWaiting();
    const stream = await openSessionEvents(parley.server.baseUrl, sessionId, "ask");
    expect(stream.status).toBe(404);
    expect(stream.body.code).toBe("WEBHOOK_NOT_WAITING");
  });

  it("resumes the builder's preview through the test URL", async () => {
    const preview = await parley.api.post(`/v1/bots/${botId}/preview/startChat`, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const stream = await openSessionEvents(parley.server.baseUrl, preview.body.sessionId, "hook");
    const call = await parley.api.post(`/v1/bots/${botId}/blocks/hook/web/executeTestWebhook`, payment);
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(bubbleTexts((await stream.nextNews())?.data)).toEqual(["Paid, Ada (pro)"]);
    const none = await parley.api.post(`/v1/bots/${botId}/blocks/hook/web/executeTestWebhook`, payment);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("WEBHOOK_NOT_WAITING");
  });

  // Issue 31 item 10: anonymous previews run under any bot id they name; the test call is the owner's.
  it("never hands the owner's test call to a stranger's anonymous preview of the same bot id", async () => {
    const own = await parley.api.post(`/v1/bots/${botId}/preview/startChat`, {});
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const ownStream = await openSessionEvents(parley.server.baseUrl, own.body.sessionId, "hook");
    // The stranger's preview is the newest one waiting at the block.
    const stranger = await parley.chat.post(`/v1/bots/${botId}/preview/startChat`, {
      bot: { ...bot(), id: botId, version: "6" },
    });
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(200);
    expect(stranger.body.messages.map((message: any) => message.content.richText[0].children[0].text)).toEqual([
      "Waiting for your payment",
    ]);
    const strangerStream = await openSessionEvents(parley.server.baseUrl, stranger.body.sessionId, "hook");

    const call = await parley.api.post(`/v1/bots/${botId}/blocks/hook/web/executeTestWebhook`, payment);
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(bubbleTexts((await ownStream.nextNews())?.data)).toEqual(["Paid, Ada (pro)"]);
    const again = await parley.api.post(`/v1/bots/${botId}/blocks/hook/web/executeTestWebhook`, payment);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("WEBHOOK_NOT_WAITING");
    // The stranger's chat still waits, with none of the owner's body in it.
    const waiting = await parley.chat.post(`/v1/sessions/${stranger.body.sessionId}/continueChat`, {});
    expect(waiting.status).toBe(409);
    expect(waiting.body.code).toBe("WAITING_FOR_WEBHOOK");
    strangerStream.close();
    ownStream.close();
  });
});
