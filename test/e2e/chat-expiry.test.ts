import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredSessions } from "../../src/services/chat/session-cleanup.js";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const bot = (settings = {}) =>
  buildBot({
    groups: [{ id: "g", blocks: [say("hi", "Hi"), { id: "in", type: "text input", options: { variableId: "v" } }] }],
    variables: [{ id: "v", name: "V" }],
    settings,
  });

describe("session expiry", () => {
  it("expires an idle session after the bot's sessionExpiryTimeout (hours)", async () => {
    const conversation = await h.conversation(bot({ chatApp: { sessionExpiryTimeout: 2 } }));
    const before = Date.now();
    await conversation.start();
    const row = await h.server.ctx.store.db
      .selectFrom("sessions")
      .select("expiresAt")
      .where("id", "=", conversation.sessionId!)
      .executeTakeFirstOrThrow();
    const hours = (Date.parse(row.expiresAt!) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThan(2.01);
  });

  it("moves the expiry on with the visitor's turns, rewriting it only once it is a minute behind", async () => {
    const twoTurns = buildBot({
      groups: [
        {
          id: "g",
          blocks: [
            { id: "a", type: "text input", options: { variableId: "v" } },
            { id: "b", type: "text input", options: { variableId: "v" } },
            say("last", "Last one?"),
            { id: "c", type: "text input", options: { variableId: "v" } },
          ],
        },
      ],
      variables: [{ id: "v", name: "V" }],
    });
    const conversation = await h.conversation(twoTurns);
    await conversation.start();
    const expiry = async () =>
      (
        await h.server.ctx.store.db
          .selectFrom("sessions")
          .select("expiresAt")
          .where("id", "=", conversation.sessionId!)
          .executeTakeFirstOrThrow()
      ).expiresAt!;
    const started = await expiry();
    await conversation.send("first");
    expect(await expiry()).toBe(started);

    // As if the visitor had been away for ten minutes: the next turn moves the expiry to 24 hours from now.
    const stale = new Date(Date.parse(started) - 600_000).toISOString();
    await h.server.ctx.store.db
      .updateTable("sessions")
      .set({ expiresAt: stale })
      .where("id", "=", conversation.sessionId!)
      .execute();
    const before = Date.now();
    expect(await conversation.send("second")).toMatchObject({ messages: [{ id: "last" }], input: { id: "c" } });
    expect(Date.parse(await expiry()) - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
  });

  it('answers 404 "Session expired" once expired, and the clean-up deletes expired sessions in batches', async () => {
    const conversation = await h.conversation(bot());
    await conversation.start();
    const past = new Date(Date.now() - 1000).toISOString();
    await h.server.ctx.store.db
      .updateTable("sessions")
      .set({ expiresAt: past })
      .where("id", "=", conversation.sessionId!)
      .execute();
    const expired = await h.chat.post(`/v1/sessions/${conversation.sessionId}/continueChat`, { message: "hello" });
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({
      code: "SESSION_EXPIRED",
      message: "Session expired. You need to start a new session.",
    });

    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: `old-${i}`,
      botId: null,
      botVersionId: null,
      previewDocument: null,
      resultId: null,
      state: "{}",
      revision: 0,
      createdAt: past,
      updatedAt: past,
      expiresAt: past,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await h.server.ctx.store.db
        .insertInto("sessions")
        .values(rows.slice(i, i + 200))
        .execute();
    expect(await deleteExpiredSessions(h.server.ctx)).toBe(1201);
    const left = await h.server.ctx.store.db
      .selectFrom("sessions")
      .select("id")
      .where("expiresAt", "<", new Date().toISOString())
      .execute();
    expect(left).toEqual([]);
  });
});
