import { beforeAll, describe, expect, it } from "vitest";
import { continueSession } from "../../../../src/engine/continue-session.js";
import type { SessionState } from "../../../../src/engine/session-state.js";
import { startSession } from "../../../../src/engine/start-session.js";
import { AppError } from "../../../../src/errors.js";
import { QuickJsSandbox, defaultSandboxLimits } from "../../../../src/sandbox/index.js";
import { engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

// Generous: a loaded machine must not turn a slow expression into a failed one.
const sandbox = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 10_000 });
beforeAll(() => sandbox.ready());
const options = () => ({ ports: { ...fakePorts(), sandbox }, format: "richText" as const });

const variables = [
  { id: "vName", name: "Name" },
  { id: "vIds", name: "Ids" },
  { id: "vCode", name: "Code" },
  { id: "vBad", name: "Bad", value: "kept" },
  { id: "vField", name: "Field", value: "plan" },
  { id: "vPlan", name: "Plan" },
];

const bot = engineBot({
  variables,
  groups: [
    group("g1", [
      text("t-wait", "Waiting for the payment"),
      {
        id: "hook",
        type: "webhook",
        options: {
          responseVariableMapping: [
            { id: "m1", bodyPath: "data.user.name", variableId: "vName" },
            { id: "m2", bodyPath: "data.items.map((item) => item.id)", variableId: "vIds" },
            { id: "m3", bodyPath: "statusCode", variableId: "vCode" },
            { id: "m4", bodyPath: "data.missing.deep", variableId: "vBad" },
            { id: "m5", bodyPath: "data.{{Field}}", variableId: "vPlan" },
            { id: "m6", bodyPath: "JSON.parse('not json')", variableId: "vBad" },
          ],
        },
      },
      text("t-done", "Paid by {{Name}} ({{Plan}})"),
      { id: "ask", type: "text input", options: { variableId: "vName" } },
    ]),
  ],
});

const valuesOf = (state: SessionState) => Object.fromEntries(state.variables.map((v) => [v.name, v.value ?? null]));

async function waiting() {
  return startSession({ bot, mode: "preview" }, options());
}

async function thrown(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("the wait-for-webhook block", () => {
  it("pauses after the bubbles so far and tells the client it listens", async () => {
    const turn = await waiting();
    expect(texts(turn.reply.messages)).toEqual(["Waiting for the payment"]);
    expect(turn.reply.clientSideActions).toEqual([
      { type: "listenForWebhook", expectsDedicatedReply: true, blockId: "hook", lastBubbleBlockId: "t-wait" },
    ]);
    expect(turn.reply.input).toBeUndefined();
    expect(turn.state.currentBlockId).toBe("hook");
    expect(turn.state.status).toBe("waiting");
  });

  it("maps the posted body into variables (paths read, code run in the sandbox, {{vars}} first) and walks on", async () => {
    const body = { user: { name: "Ada" }, items: [{ id: 1 }, { id: 2 }], plan: "pro" };
    const turn = await continueSession(bot, (await waiting()).state, JSON.stringify(body), {
      ...options(),
      resumesWebhook: true,
    });
    expect(texts(turn.reply.messages)).toEqual(["Paid by Ada (pro)"]);
    expect(turn.reply.input?.id).toBe("ask");
    const values = valuesOf(turn.state);
    expect(values).toMatchObject({ Name: "Ada", Ids: ["1", "2"], Code: "200", Plan: "pro" });
    // Failed paths leave the variable as it was, each with a log naming it.
    expect(values.Bad).toBe("kept");
    expect(turn.logs).toEqual([
      {
        status: "error",
        description: "A value could not be read from the webhook's body",
        details: "Body path: data.missing.deep",
      },
      {
        status: "error",
        description: "A value could not be read from the webhook's body",
        details: "Body path: JSON.parse('not json')",
      },
    ]);
  });

  it("keeps a body that is not JSON as text", async () => {
    const textBot = engineBot({
      variables: [{ id: "vRaw", name: "Raw" }],
      groups: [
        group("g1", [
          {
            id: "hook",
            type: "webhook",
            options: { responseVariableMapping: [{ id: "m", bodyPath: "data", variableId: "vRaw" }] },
          },
          text("t", "Got {{Raw}}"),
        ]),
      ],
    });
    const started = await startSession({ bot: textBot, mode: "preview" }, options());
    const turn = await continueSession(textBot, started.state, "plain words", { ...options(), resumesWebhook: true });
    expect(texts(turn.reply.messages)).toEqual(["Got plain words"]);
  });

  it("is not resumed by a visitor's message, and the call resumes no other block", async () => {
    const state = (await waiting()).state;
    const error = await thrown(() => continueSession(bot, state, "I paid!", options()));
    expect(error.code).toBe("WAITING_FOR_WEBHOOK");
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "This chat is waiting for an outside system to call its webhook; it goes on once the call arrives",
    );

    const resumed = await continueSession(bot, state, "{}", { ...options(), resumesWebhook: true });
    expect(resumed.state.currentBlockId).toBe("ask");
    const again = await thrown(() => continueSession(bot, resumed.state, "{}", { ...options(), resumesWebhook: true }));
    expect(again.code).toBe("WEBHOOK_NOT_WAITING");
    expect(again.status).toBe(404);
  });
});
