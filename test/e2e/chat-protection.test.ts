import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";
import type { BotLoaderPort } from "../../src/engine/ports.js";

let h: ChatHarness;
let realLoader: BotLoaderPort;
/** A web service that answers after 5 s, noting when each request came and when its connection went. */
let slowService: http.Server;
let slowUrl: string;
const slowRequests: { receivedAt: number; closedAt?: number }[] = [];
beforeAll(async () => {
  slowService = http.createServer((_request, response) => {
    const seen: { receivedAt: number; closedAt?: number } = { receivedAt: Date.now() };
    slowRequests.push(seen);
    response.on("close", () => (seen.closedAt = Date.now()));
    setTimeout(() => response.end("{}"), 5_000).unref();
  });
  await new Promise<void>((resolve) => slowService.listen(0, "127.0.0.1", resolve));
  const { port } = slowService.address() as AddressInfo;
  slowUrl = `http://127.0.0.1:${port}/slow`;
  h = await createChatHarness({
    PARLEY_CHAT_TURN_TIMEOUT_MS: "300",
    PARLEY_MAX_SESSIONS_PER_RESULT: "3",
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`,
  });
  realLoader = h.server.ctx.ports.bots!;
});
afterAll(async () => {
  await h.close();
  slowService.closeAllConnections();
  await new Promise((resolve) => slowService.close(resolve));
});
afterEach(() => {
  h.server.ctx.ports.bots = realLoader;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A slow step: loading the linked bot takes `ms` (as a slow HTTP block or database would). */
function slowLinkedBots(ms: number) {
  h.server.ctx.ports.bots = {
    load: async (...args) => {
      await sleep(ms);
      return realLoader.load(...args);
    },
  };
}

async function publishChild() {
  const child = buildBot({ groups: [{ id: "c", blocks: [say("c-hi", "Child here.")] }] });
  const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: { ...child, name: "Child" } });
  await h.api.post(`/v1/bots/${created.body.bot.id}/publish`);
  return created.body.bot.id as string;
}

const nameInput = { id: "b-name", type: "text input", options: { variableId: "v-name" } };

describe("chat turn timeout (PARLEY_CHAT_TURN_TIMEOUT_MS)", () => {
  it("answers 408 when a turn's step is too slow, stores nothing of it, and the session goes on afterwards", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              nameInput,
              { id: "b-link", type: "Bot link", options: { botId: childId } },
              say("b-bye", "Bye {{Name}}"),
            ],
          },
        ],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    await conversation.start();
    const db = h.server.ctx.store.db;
    const before = await db
      .selectFrom("sessions")
      .select(["revision", "state"])
      .where("id", "=", conversation.sessionId!)
      .executeTakeFirstOrThrow();

    slowLinkedBots(1_000);
    const startedAt = Date.now();
    const slow = await conversation.sendRaw("Ada");
    expect(Date.now() - startedAt).toBeLessThan(900);
    expect(slow.status).toBe(408);
    expect(slow.body).toEqual({ code: "TIMEOUT", message: "0.3 seconds timeout reached" });
    // The walk that was cut off finishes in the background; it must still leave no trace.
    await sleep(1_200);
    expect(await conversation.answers()).toEqual([]);
    expect(await conversation.result()).toMatchObject({ hasStarted: false, isCompleted: false, variables: {} });
    expect(
      await db
        .selectFrom("sessions")
        .select(["revision", "state"])
        .where("id", "=", conversation.sessionId!)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);

    h.server.ctx.ports.bots = realLoader;
    const reply = await conversation.send("Ada");
    expect(reply.messages).toEqual([textMessage("c-hi", "Child here."), textMessage("b-bye", "Bye Ada")]);
    expect(await conversation.answers()).toEqual([{ blockId: "b-name", content: "Ada" }]);
  });

  it("applies to startChat too: no session and no result are stored", async () => {
    const childId = await publishChild();
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [{ id: "b-link", type: "Bot link", options: { botId: childId } }, nameInput] }],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    slowLinkedBots(800);
    const response = await h.chat.post(`/v1/bots/${conversation.publicId}/startChat`, {});
    expect(response.status).toBe(408);
    expect(response.body).toEqual({ code: "TIMEOUT", message: "0.3 seconds timeout reached" });
    await sleep(1_000);
    const db = h.server.ctx.store.db;
    expect(await db.selectFrom("results").select("id").where("botId", "=", conversation.botId).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("botId", "=", conversation.botId).execute()).toEqual([]);
  });

  it("cuts a slow HTTP request block off at the deadline: the outgoing request is dropped and nothing is stored", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              nameInput,
              { id: "b-http", type: "Webhook", options: { webhook: { method: "GET", url: slowUrl }, timeout: 10 } },
              say("b-bye", "Bye"),
            ],
          },
        ],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    await conversation.start();
    const startedAt = Date.now();
    const slow = await conversation.sendRaw("Ada");
    expect(slow.status).toBe(408);
    expect(slow.body).toEqual({ code: "TIMEOUT", message: "0.3 seconds timeout reached" });
    expect(Date.now() - startedAt).toBeLessThan(1_500);
    await sleep(500);
    // The block's own 10 s timeout did not hold the request: it got the 0.3 s the turn had left.
    expect(slowRequests).toHaveLength(1);
    expect(slowRequests[0].closedAt! - slowRequests[0].receivedAt).toBeLessThan(1_000);
    expect(await conversation.answers()).toEqual([]);
  });

  it("lets fast turns through untouched", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [nameInput, say("b-bye", "Bye {{Name}}")] }],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    await conversation.start();
    expect(await conversation.send("Ada")).toEqual({ messages: [textMessage("b-bye", "Bye Ada")] });
  });
});

describe("sessions per result (PARLEY_MAX_SESSIONS_PER_RESULT)", () => {
  it("refuses a remember-user start beyond the bound with 429, and allows it again once a session has finished", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [nameInput, say("b-bye", "Bye")] }],
        variables: [{ id: "v-name", name: "Name" }],
        settings: { general: { rememberUser: { isEnabled: true } } },
      }),
    );
    const first = await conversation.start();
    const resultId = first.resultId as string;
    const sessions = [first.sessionId as string];
    for (let i = 0; i < 2; i++) sessions.push((await conversation.start({ resultId })).sessionId);
    expect(new Set(sessions).size).toBe(3);

    const refused = await h.chat.post(`/v1/bots/${conversation.publicId}/startChat`, { resultId });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "This result already has 3 open chat sessions; finish one or let it expire before starting another",
    });
    // A start without the remembered result is a new visitor and is not affected.
    expect((await h.chat.post(`/v1/bots/${conversation.publicId}/startChat`, {})).status).toBe(200);

    const finished = await h.chat.post(`/v1/sessions/${sessions[0]}/continueChat`, { message: "Ada" });
    expect(finished.body).toEqual({ messages: [textMessage("b-bye", "Bye")] });
    const again = await h.chat.post(`/v1/bots/${conversation.publicId}/startChat`, { resultId });
    expect(again.status).toBe(200);
    expect(again.body.resultId).toBe(resultId);
  });
});

describe("text with U+0000", () => {
  it("is refused with 400 on both database engines, in a message as in a path", async () => {
    const conversation = await h.conversation(
      buildBot({ groups: [{ id: "g", blocks: [nameInput] }], variables: [{ id: "v-name", name: "Name" }] }),
    );
    await conversation.start();
    const nul = await conversation.sendRaw("Ada\u0000");
    expect(nul).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", message: "Invalid body: text must not contain the NUL character (U+0000)" },
    });
    expect(await h.api.get("/v1/bots/%00")).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", message: "Invalid path: text must not contain the NUL character (U+0000)" },
    });
    expect(await conversation.answers()).toEqual([]);
    expect((await conversation.send("Ada")).messages).toEqual([]);
  });
});
