import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

// A sessions row stored before issue 16 (state version 1), copied from a test run of that code.
const fixture = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v1.json", "utf8"));
const v1State: Record<string, unknown> = JSON.parse(fixture.row.state);

/** The bot the fixture's chat ran (same group, block and variable ids). */
const signUpBot = () =>
  buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          say("b-hi", "Hi! What's your name?"),
          { id: "b-name", type: "text input", options: { variableId: "v-name" } },
          say("b-mail-q", "Thanks {{Name}}. Your e-mail?"),
          { id: "b-mail", type: "email input", options: { variableId: "v-email" } },
          { id: "b-age", type: "number input", options: { variableId: "v-age" } },
          say("b-bye", "Bye {{Name}}"),
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-email", name: "Email" },
      { id: "v-age", name: "Age" },
      { id: "v-utm", name: "utm_source" },
      { id: "v-plan", name: "Plan" },
    ],
  });

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

/** Runs the fixture's chat up to the age question, then puts the version-1 state in its row. */
async function sessionStoredInVersion1(state: Record<string, unknown>) {
  const conversation = await h.conversation(signUpBot());
  await conversation.start({ prefilledVariables: { utm_source: "newsletter", Plan: "pro" } });
  await conversation.send("Ada Lovelace");
  await conversation.send("ada@example.com");
  const old = {
    ...state,
    botId: conversation.botId,
    resultId: conversation.resultId,
    workspaceId: h.workspaceId,
  };
  await h.server.ctx.store.db
    .updateTable("sessions")
    .set({ state: JSON.stringify(old) })
    .where("id", "=", conversation.sessionId!)
    .execute();
  return conversation;
}

async function storedState(sessionId: string) {
  const row = await h.server.ctx.store.db
    .selectFrom("sessions")
    .select("state")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return row ? JSON.parse(row.state) : undefined;
}

describe("a session stored before the state had a schema (version 1)", () => {
  it("is upgraded when it is read, and the chat goes on over HTTP", async () => {
    expect(v1State.version).toBe(1);
    const conversation = await sessionStoredInVersion1(v1State);

    expect(await conversation.send("36")).toEqual({ messages: [textMessage("b-bye", "Bye Ada Lovelace")] });
    expect(await conversation.result()).toMatchObject({
      isCompleted: true,
      variables: { Name: "Ada Lovelace", Email: "ada@example.com", Age: "36", utm_source: "newsletter", Plan: "pro" },
    });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Ada Lovelace" },
      { blockId: "b-mail", content: "ada@example.com" },
      { blockId: "b-age", content: "36" },
    ]);
  });

  it("without the result's answer counter (sessions older still) counts on from the chat's answers", async () => {
    const { resultAnswers: _, ...older } = v1State;
    const conversation = await sessionStoredInVersion1({ ...older, isProgressBarEnabled: true });

    // Before the reply: still version 1 in the row; the upgrade is written back with the turn.
    expect(await storedState(conversation.sessionId!)).not.toHaveProperty("resultAnswers");
    const reply = await conversation.sendRaw("36");
    expect(reply.status).toBe(200);
    expect(reply.body.messages).toEqual([textMessage("b-bye", "Bye Ada Lovelace")]);
    expect(reply.body.progress).toBe(100);
    expect((await conversation.answers()).map((answer) => answer.blockId)).toEqual(["b-name", "b-mail", "b-age"]);
    const positions = await h.server.ctx.store.db
      .selectFrom("answers")
      .select(["blockId", "position"])
      .where("resultId", "=", conversation.resultId!)
      .orderBy("position")
      .execute();
    expect(positions).toEqual([
      { blockId: "b-name", position: 0 },
      { blockId: "b-mail", position: 1 },
      { blockId: "b-age", position: 2 },
    ]);
  });

  it("a state of an unknown version is a fault of the server, answered without details", async () => {
    const conversation = await sessionStoredInVersion1({ ...v1State, version: 99 });
    const reply = await conversation.sendRaw("36");
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
  });
});
