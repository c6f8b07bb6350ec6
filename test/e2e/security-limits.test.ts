import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

/** Issue 15, finding 4: what bot code hands out, what a variable holds and what a session keeps are bounded. */
let defaults: ChatHarness;
let small: ChatHarness;
beforeAll(async () => {
  [defaults, small] = await Promise.all([
    createChatHarness(),
    createChatHarness({ PARLEY_MAX_VARIABLE_BYTES: "3000", PARLEY_MAX_SESSION_BYTES: "8000" }),
  ]);
});
afterAll(() => Promise.all([defaults.close(), small.close()]));

const custom = (id: string, variableId: string, expressionToEvaluate: string) => ({
  id,
  type: "Set variable",
  options: { variableId, expressionToEvaluate },
});

async function storedStateBytes(harness: ChatHarness, sessionId: string): Promise<number> {
  const row = await harness.server.ctx.store.db
    .selectFrom("sessions")
    .select("state")
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return row.state.length;
}

describe("a value leaving the sandbox", () => {
  it("refuses a 16 MiB string from bot code with an error log; the session stays small", async () => {
    const bot = buildBot({
      variables: [{ id: "vBig", name: "Big" }],
      groups: [
        {
          id: "g1",
          blocks: [
            {
              ...custom("sv", "vBig", "return 'x'.repeat(16 * 1024 * 1024)"),
              options: {
                variableId: "vBig",
                isCode: true,
                expressionToEvaluate: "return 'x'.repeat(16 * 1024 * 1024)",
              },
            },
            say("b", "Big is [{{Big}}]"),
            { id: "wait", type: "text input" },
          ],
        },
      ],
    });
    const { start } = await defaults.preview(bot);
    expect(start.status).toBe(200);
    // A failed Custom value leaves the variable the expression's text, as for any other fault of the code.
    expect(start.body.messages).toEqual([textMessage("b", "Big is [return 'x'.repeat(16 * 1024 * 1024)]")]);
    expect(start.body.logs).toEqual([
      {
        status: "error",
        description: "Error evaluating Set variable code",
        details: "Value too large: the code returned more than 1 MiB; it was not kept",
      },
    ]);
    expect(await storedStateBytes(defaults, start.body.sessionId)).toBeLessThan(16 * 1024);
  });

  it("refuses a large value given to setVariable in a Code block; the code may catch that", async () => {
    const bot = buildBot({
      variables: [{ id: "vOut", name: "Out" }],
      groups: [
        {
          id: "g1",
          blocks: [
            {
              id: "code",
              type: "Code",
              options: {
                isExecutedOnClient: false,
                content:
                  "try { setVariable('Out', 'y'.repeat(2 * 1024 * 1024)) } catch (e) { setVariable('Out', e.message) }",
              },
            },
            say("b", "{{Out}}"),
          ],
        },
      ],
    });
    const { start } = await defaults.preview(bot);
    expect(start.body.messages).toEqual([textMessage("b", "setVariable: the value of Out is larger than 1 MiB")]);
  });
});

describe("a variable's value and a session's state", () => {
  it("keeps a variable's old value when a block gives it more than PARLEY_MAX_VARIABLE_BYTES, with an error log", async () => {
    const bot = buildBot({
      variables: [{ id: "vV", name: "V" }],
      groups: [
        {
          id: "g1",
          blocks: [custom("sv1", "vV", "'kept'"), custom("sv2", "vV", "'z'.repeat(4000)"), say("b", "V={{V}}")],
        },
      ],
    });
    const { start } = await small.preview(bot);
    expect(start.status).toBe(200);
    expect(start.body.messages).toEqual([textMessage("b", "V=kept")]);
    expect(start.body.logs).toEqual([
      {
        status: "error",
        description: "A value larger than 3000 bytes was not stored in a variable",
        details: "Variable id: vV",
      },
    ]);
  });

  it("answers 413 SESSION_TOO_LARGE to a turn that would store more than PARLEY_MAX_SESSION_BYTES, and stores nothing", async () => {
    const bot = buildBot({
      variables: ["A", "B", "C", "D"].map((name) => ({ id: `v${name}`, name })),
      groups: [
        {
          id: "g1",
          blocks: [
            custom("a", "vA", "'a'.repeat(2500)"),
            { id: "ask", type: "text input" },
            custom("b", "vB", "'b'.repeat(2500)"),
            custom("c", "vC", "'c'.repeat(2500)"),
            custom("d", "vD", "'d'.repeat(2500)"),
            { id: "ask2", type: "text input" },
          ],
        },
      ],
    });
    const chat = await small.preview(bot);
    expect(chat.start.status).toBe(200);
    const sessionId = chat.start.body.sessionId as string;
    const before = await small.server.ctx.store.db
      .selectFrom("sessions")
      .select(["state", "revision"])
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const refused = await chat.send("go on");
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: "SESSION_TOO_LARGE",
      message: "This chat would keep more than 8000 bytes; the message was not taken. Start a new chat.",
    });
    const after = await small.server.ctx.store.db
      .selectFrom("sessions")
      .select(["state", "revision"])
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
