import { describe, expect, it } from "vitest";
import { handOffResumeMessage } from "../../../../src/engine/blocks/logic/hand-off.js";
import { continueSession } from "../../../../src/engine/continue-session.js";
import { startSession } from "../../../../src/engine/start-session.js";
import { AppError } from "../../../../src/errors.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

const options = () => ({ ports: fakePorts(), format: "richText" as const });

const bot = engineBot({
  variables: [{ id: "vName", name: "Name", value: "Ada" }],
  groups: [
    group("g1", [
      text("t-hi", "Let me find someone"),
      {
        id: "handoff",
        type: "hand off",
        outgoingEdgeId: "e-back",
        options: {
          waitingMessage: "Hold on {{Name}}, a person is coming",
          timeoutSeconds: 60,
          noOperatorEdgeId: "e-nobody",
        },
      },
    ]),
    group("g-back", [text("t-back", "Back with the bot"), { id: "ask", type: "text input" }]),
    group("g-nobody", [text("t-nobody", "Nobody is free, leave a message")]),
    group("g-other", [text("t-other", "Anything else?")]),
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
    edge("e-back", "g-back"),
    edge("e-nobody", "g-nobody"),
  ],
});

async function thrown(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

const waiting = () => startSession({ bot, mode: "preview" }, options());

describe("the hand-off block", () => {
  it("shows the waiting message, then pauses and tells the client a person may take the chat", async () => {
    const turn = await waiting();
    expect(texts(turn.reply.messages)).toEqual(["Let me find someone", "Hold on Ada, a person is coming"]);
    expect(turn.reply.clientSideActions).toEqual([
      {
        type: "handOff",
        expectsDedicatedReply: true,
        blockId: "handoff",
        displayOperatorName: true,
        lastBubbleBlockId: "handoff",
      },
    ]);
    expect(turn.state.currentBlockId).toBe("handoff");
    expect(turn.state.transcript.at(-1)).toEqual({ role: "bot", text: "Hold on Ada, a person is coming" });
  });

  it("refuses the visitor's message: it is the operator's, not the flow's", async () => {
    const { state } = await waiting();
    const error = await thrown(() => continueSession(bot, state, "hello?", options()));
    expect(error.code).toBe("WAITING_FOR_OPERATOR");
  });

  it("takes the no-operator exit when the timeout fires", async () => {
    const { state } = await waiting();
    const turn = await continueSession(bot, state, handOffResumeMessage({ handOff: "timeout" }), {
      ...options(),
      resumesHandOff: true,
    });
    expect(texts(turn.reply.messages)).toEqual(["Nobody is free, leave a message"]);
  });

  it("goes on at the handed-back exit, or at the group the operator chose", async () => {
    const { state } = await waiting();
    const back = await continueSession(bot, state, handOffResumeMessage({ handOff: "handedBack" }), {
      ...options(),
      resumesHandOff: true,
    });
    expect(texts(back.reply.messages)).toEqual(["Back with the bot"]);
    expect(back.reply.input?.type).toBe("text input");
    const chosen = await continueSession(
      bot,
      state,
      handOffResumeMessage({ handOff: "handedBack", groupId: "g-other" }),
      {
        ...options(),
        resumesHandOff: true,
      },
    );
    expect(texts(chosen.reply.messages)).toEqual(["Anything else?"]);
    const missing = await thrown(() =>
      continueSession(bot, state, handOffResumeMessage({ handOff: "handedBack", groupId: "nope" }), {
        ...options(),
        resumesHandOff: true,
      }),
    );
    expect(missing.message).toBe("The bot has no group nope to hand the chat back to");
  });
});
