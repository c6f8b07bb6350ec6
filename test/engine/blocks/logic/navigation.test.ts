import { describe, expect, it } from "vitest";
import { startSession } from "../../../../src/engine/start-session.js";
import { continueSession } from "../../../../src/engine/continue-session.js";
import { edge, engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";

const run = (bot: ReturnType<typeof engineBot>, draws?: number[]) =>
  startSession({ bot, mode: "preview" }, { ports: fakePorts(draws), format: "richText" });

describe("Jump and Return", () => {
  it("jumps to a group by id and returns to the block after the Jump", async () => {
    const bot = engineBot({
      groups: [
        group("g1", [
          text("a", "before"),
          { id: "j", type: "Jump", options: { groupId: "g2" } },
          text("b", "after return"),
        ]),
        group("g2", [text("c", "in g2"), { id: "r", type: "Return" }]),
      ],
    });
    const turn = await run(bot);
    expect(texts(turn.reply.messages)).toEqual(["before", "in g2", "after return"]);
    expect(turn.ended).toBe(true);
  });

  it("jumps to a group named by a variable holding its title, and to a block inside it", async () => {
    const bot = engineBot({
      variables: [{ id: "v", name: "Target", value: "Second" }],
      groups: [
        group("g1", [{ id: "j", type: "Jump", options: { groupId: "{{Target}}", blockId: "d" } }]),
        group("g2", [text("c", "skipped"), text("d", "landed")], "Second"),
      ],
    });
    expect(texts((await run(bot)).reply.messages)).toEqual(["landed"]);
  });

  it("stops with an error log when the group or block to jump to is missing", async () => {
    const missingGroup = await run(
      engineBot({
        groups: [group("g1", [{ id: "j", type: "Jump", options: { groupId: "nope" } }, text("x", "never")])],
      }),
    );
    expect(missingGroup.reply.messages).toEqual([]);
    expect(missingGroup.logs).toEqual([
      { status: "error", description: "Group to jump to is not found", context: "Error while executing Jump block" },
    ]);
    const missingBlock = await run(
      engineBot({ groups: [group("g1", [{ id: "j", type: "Jump", options: { groupId: "g1", blockId: "nope" } }])] }),
    );
    expect(missingBlock.logs[0].description).toBe("Block to jump to is not found");
  });

  it("falls through a Return without a pending Jump", async () => {
    const bot = engineBot({ groups: [group("g1", [{ id: "r", type: "Return" }, text("x", "next")])] });
    expect(texts((await run(bot)).reply.messages)).toEqual(["next"]);
  });
});

describe("AB test", () => {
  const bot = engineBot({
    groups: [
      group("g1", [
        {
          id: "ab",
          type: "AB test",
          options: { aPercent: 30 },
          items: [
            { id: "ia", path: "a", outgoingEdgeId: "ea" },
            { id: "ib", path: "b", outgoingEdgeId: "eb" },
          ],
        },
      ]),
      group("ga", [text("a", "A")]),
      group("gb", [text("b", "B")]),
    ],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } }, edge("ea", "ga"), edge("eb", "gb")],
  });
  it("takes path A when the draw is under aPercent and B otherwise", async () => {
    expect(texts((await run(bot, [0.29])).reply.messages)).toEqual(["A"]);
    expect(texts((await run(bot, [0.3])).reply.messages)).toEqual(["B"]);
  });
});

describe("Redirect and Wait", () => {
  it("asks the client to redirect to safe URLs only", async () => {
    const bot = engineBot({
      variables: [{ id: "v", name: "Path", value: "docs" }],
      groups: [
        group("g1", [
          text("t", "Bye"),
          { id: "r", type: "Redirect", options: { url: "example.com/{{Path}}", isNewTab: true } },
        ]),
      ],
    });
    const turn = await run(bot);
    expect(turn.reply.clientSideActions).toEqual([
      { type: "redirect", redirect: { url: "https://example.com/docs", isNewTab: true }, lastBubbleBlockId: "t" },
    ]);
    const evil = await run(
      engineBot({ groups: [group("g1", [{ id: "r", type: "Redirect", options: { url: "javascript:alert(1)" } }])] }),
    );
    expect(evil.reply.clientSideActions).toBeUndefined();
    expect(evil.logs[0].status).toBe("error");
  });

  it("asks the client to wait, and with shouldPause waits for its reply before going on", async () => {
    const bot = engineBot({
      variables: [{ id: "v", name: "Delay", value: "1,5" }],
      groups: [
        group("g1", [
          { id: "w", type: "Wait", options: { secondsToWaitFor: "{{Delay}}", shouldPause: true } },
          text("t", "after"),
        ]),
      ],
    });
    const first = await run(bot);
    expect(first.reply.clientSideActions).toEqual([
      { type: "wait", wait: { secondsToWaitFor: 1.5 }, expectsDedicatedReply: true },
    ]);
    expect(first.reply.messages).toEqual([]);
    const second = await continueSession(bot, first.state, undefined, { ports: fakePorts(), format: "richText" });
    expect(texts(second.reply.messages)).toEqual(["after"]);
    const noWait = await run(
      engineBot({
        groups: [group("g1", [{ id: "w", type: "Wait", options: { secondsToWaitFor: "0" } }, text("t", "now")])],
      }),
    );
    expect(noWait.reply.clientSideActions).toBeUndefined();
  });
});

describe("events", () => {
  const bot = engineBot({
    events: [
      { id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" },
      {
        id: "help",
        type: "command",
        graphCoordinates: { x: 0, y: 0 },
        outgoingEdgeId: "e-help",
        options: { command: "help", resumeAfter: true },
      },
      {
        id: "invalid",
        type: "invalidReply",
        graphCoordinates: { x: 0, y: 0 },
        outgoingEdgeId: "e-invalid",
        options: { contentVariableId: "v-bad" },
      },
    ] as never,
    variables: [
      { id: "v-bad", name: "Bad" },
      { id: "v-mail", name: "Mail" },
    ],
    groups: [
      group("g1", [
        text("q", "Your e-mail?"),
        { id: "mail", type: "email input", options: { variableId: "v-mail" } },
        text("t", "Thanks {{Mail}}"),
      ]),
      group("g-help", [text("h", "Type your e-mail address, like ada@example.com")]),
      group("g-invalid", [text("i", "{{Bad}} is not an e-mail."), { id: "r", type: "Return" }]),
    ],
    edges: [
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
      edge("e-help", "g-help"),
      edge("e-invalid", "g-invalid"),
    ],
  });
  const options = { ports: fakePorts(), format: "richText" as const };

  it("runs a command's flow and, with resumeAfter, comes back to the pending input", async () => {
    const start = await run(bot);
    const help = await continueSession(bot, start.state, { type: "command", command: "help" }, options);
    expect(texts(help.reply.messages)).toEqual(["Type your e-mail address, like ada@example.com"]);
    expect(help.reply.input?.id).toBe("mail");
    await expect(
      continueSession(bot, start.state, { type: "command", command: "nope" }, options),
    ).rejects.toMatchObject({ code: "UNKNOWN_COMMAND", message: "Command event not found" });
  });

  it("hands an invalid reply to the invalidReply event, whose Return brings the input back", async () => {
    const start = await run(bot);
    const invalid = await continueSession(bot, start.state, "not-mail", options);
    expect(texts(invalid.reply.messages)).toEqual(["not-mail is not an e-mail."]);
    expect(invalid.reply.input?.id).toBe("mail");
    expect(invalid.newAnswers).toEqual([]);
    const valid = await continueSession(bot, invalid.state, "ADA@example.com", options);
    expect(texts(valid.reply.messages)).toEqual(["Thanks ada@example.com"]);
  });
});
