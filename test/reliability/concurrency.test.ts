import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import type { BotLoaderPort } from "../../src/engine/ports.js";
import { publishBot, questionsBot } from "./fixtures.js";

/** 50 visitors' tabs (or a retrying client) sending on one session at the same instant. */
const PARALLEL = 50;

let server: TestServer;
let api: ReturnType<typeof createClient>;
let workspaceId: string;
beforeAll(async () => {
  server = await startTestServer({
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
  });
  const user = await server.createUser();
  api = createClient(server.baseUrl, user.token);
  workspaceId = user.workspaceId;
});
afterAll(() => server.close());

const chat = () => createClient(server.baseUrl);

async function answersOf(resultId: string) {
  return server.ctx.store.db
    .selectFrom("answers")
    .select(["blockId", "content"])
    .where("resultId", "=", resultId)
    .orderBy("position")
    .execute();
}

const conflict = {
  code: "CONFLICT",
  message: "This session was answered by another request at the same time; send the message again",
};

describe(`${PARALLEL} parallel continueChat calls on one session`, () => {
  it("store exactly one answer when all of them read the session before the first one is written; the rest get 409", async () => {
    // Every request reads the session (at q1), answers q1 and loads the linked bot before it writes:
    // a loader that answers none until all of them have called it holds every request between its
    // read and its write, so all reads precede the first write by construction (a fixed delay held
    // them only as long as the 50 requests arrived within it, which a loaded machine does not promise).
    const child = await publishBot(
      api,
      workspaceId,
      buildBot({ groups: [{ id: "c", blocks: [say("c-hi", "Linked")] }] }),
    );
    const { publicId } = await publishBot(
      api,
      workspaceId,
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              { id: "q1", type: "text input", options: { variableId: "v" } },
              { id: "b-link", type: "Bot link", options: { botId: child.botId } },
              { id: "q2", type: "text input", options: { variableId: "v" } },
            ],
          },
        ],
        variables: [{ id: "v", name: "V" }],
      }),
    );
    const start = await chat().post(`/v1/bots/${publicId}/startChat`, {});
    const realLoader = server.ctx.ports.bots!;
    let waitingForAll: () => void = () => {};
    const allHaveRead = new Promise<void>((resolve) => (waitingForAll = resolve));
    let calls = 0;
    const slowLoader: BotLoaderPort = {
      load: async (...args) => {
        if (++calls === PARALLEL) waitingForAll();
        await allHaveRead;
        return realLoader.load(...args);
      },
    };
    server.ctx.ports.bots = slowLoader;
    try {
      const replies = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          chat().post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: `answer ${i}` }),
        ),
      );
      const ok = replies.filter((reply) => reply.status === 200);
      expect(ok).toHaveLength(1);
      expect(replies.filter((reply) => reply.status === 409).map((reply) => reply.body)).toEqual(
        Array(PARALLEL - 1).fill(conflict),
      );
      const stored = await answersOf(start.body.resultId);
      expect(stored).toHaveLength(1);
      expect(stored[0].blockId).toBe("q1");
      // The one stored answer is the one whose request got the 200.
      const winner = replies.findIndex((reply) => reply.status === 200);
      expect(stored[0].content).toBe(`answer ${winner}`);
      expect(ok[0].body.input.id).toBe("q2");
    } finally {
      server.ctx.ports.bots = realLoader;
    }
  });

  it("store exactly one answer per 200, in order and never twice, when requests interleave freely", async () => {
    const { publicId } = await publishBot(api, workspaceId, questionsBot(PARALLEL + 1));
    const start = await chat().post(`/v1/bots/${publicId}/startChat`, {});
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        chat().post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: `answer ${i}` }),
      ),
    );
    const ok = replies.flatMap((reply, i) => (reply.status === 200 ? [i] : []));
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) if (reply.status !== 200) expect(reply).toMatchObject({ status: 409, body: conflict });
    const stored = await answersOf(start.body.resultId);
    // Each acknowledged message is stored once, each at the next question; nothing else is stored.
    expect(stored.map((answer) => answer.blockId)).toEqual(ok.map((_, position) => `q${position + 1}`));
    expect(stored.map((answer) => answer.content).sort()).toEqual(ok.map((i) => `answer ${i}`).sort());
    const session = await server.ctx.store.db
      .selectFrom("sessions")
      .select("revision")
      .where("id", "=", start.body.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.revision).toBe(ok.length);
  });
});

describe("chat turns racing the deletion of their bot", () => {
  it("never fail with a 500 (each turn is stored, or refused cleanly because the chat is gone)", async () => {
    for (let round = 0; round < 8; round++) {
      const { botId, publicId } = await publishBot(api, workspaceId, questionsBot(3));
      const sessions = await Promise.all(
        Array.from({ length: 30 }, () => chat().post(`/v1/bots/${publicId}/startChat`, {})),
      );
      const [deleted, ...replies] = await Promise.all([
        api.delete(`/v1/bots/${botId}`),
        ...sessions.map((start) =>
          chat().post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "racing" }),
        ),
      ]);
      expect(deleted.status).toBe(200);
      for (const reply of replies) {
        expect([200, 404], JSON.stringify(reply.body)).toContain(reply.status);
        if (reply.status === 404) expect(["NOT_FOUND", "SESSION_NOT_FOUND"]).toContain(reply.body.code);
      }
    }
  });
});
