import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { TurnResult } from "../../../../src/engine/chat-turn.js";
import { continueSession } from "../../../../src/engine/continue-session.js";
import type { SessionState } from "../../../../src/engine/session-state.js";
import { startSession } from "../../../../src/engine/start-session.js";
import { appendTranscript, TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MAX_ENTRIES } from "../../../../src/engine/transcript.js";
import { QuickJsSandbox, defaultSandboxLimits } from "../../../../src/sandbox/index.js";
import { loadSessionState } from "../../../../src/schemas/session-state-upgrade.js";
import { engineBot, fakePorts, group, text, texts } from "../../../helpers/engine-bot.js";
import { loopWithJumpAndReturn, transcriptShownInLoop } from "../../../helpers/transcript-bots.js";

/**
 * The Transcript variable tells the chat as the visitor saw it: the reference's two viewer cases
 * (transcript.spec.ts), then what makes them hold (values of the moment, bubbles of groups without an
 * input, streamed answers, bounds) and sessions stored before the record began.
 */

const sandbox = new QuickJsSandbox({ ...defaultSandboxLimits, timeoutMs: 500 });
beforeAll(() => sandbox.ready());
const options = (format: "richText" | "markdown" = "richText") => ({
  ports: { ...fakePorts(), sandbox },
  format,
});

type Flow = { groups: { id: string }[]; edges: unknown[] };
/** The flow as an engine bot whose start event leads to its first group. */
const botOf = (flow: Flow) =>
  engineBot({
    ...(flow as never as Parameters<typeof engineBot>[0]),
    groups: flow.groups.map((shape) => ({ title: shape.id, graphCoordinates: { x: 0, y: 0 }, ...shape })),
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: flow.groups[0].id } }, ...flow.edges],
  });

const variableValue = (state: SessionState, name: string) => state.variables.find((v) => v.name === name)?.value;

async function chat(flow: Flow, replies: string[], format: "richText" | "markdown" = "richText") {
  const bot = botOf(flow);
  const turns: TurnResult[] = [await startSession({ bot, mode: "preview" }, options(format))];
  for (const reply of replies) turns.push(await continueSession(bot, turns.at(-1)!.state, reply, options(format)));
  return { bot, turns, state: turns.at(-1)!.state };
}

const loopTranscript = [
  'Assistant: "Let me think..."',
  'Assistant: "How are you? You said "',
  'User: "hey"',
  'Assistant: "Let me think..."',
  'Assistant: "How are you? You said hey"',
  'User: "hey 2"',
  'Assistant: "Let me think..."',
  'Assistant: "How are you? You said hey 2"',
  'User: "hey 3"',
].join("\n\n");

describe("the reference's cases", () => {
  it("a loop with a jump and a return: every bubble, with the answer it showed then", async () => {
    const { turns, state } = await chat(loopWithJumpAndReturn(), ["hey", "hey 2", "hey 3"]);
    expect(texts(turns[1].reply.messages)).toEqual(["Let me think...", "How are you? You said hey"]);
    expect(variableValue(state, "Transcript")).toBe(loopTranscript);
    // The bubble showing it: one paragraph per entry, a blank one between (the chat shows them as lines).
    const shown = turns[3].reply.messages.at(-1)!.content.richText as { children: { text: string }[] }[];
    expect(shown.map((paragraph) => paragraph.children.map((leaf) => leaf.text).join(""))).toEqual(
      loopTranscript.split("\n"),
    );
  });

  it("a Transcript shown in a loop: the intro of a group without input, and itself as it was shown", async () => {
    const { turns } = await chat(transcriptShownInLoop(), ["Hey"]);
    const first = 'Assistant: "Hi there 👋"\n\nAssistant: "How can I help?"';
    expect(variableValue(turns[0].state, "Transcript")).toBe(first);
    expect(variableValue(turns[1].state, "Transcript")).toBe(
      [
        'Assistant: "Hi there 👋"',
        'Assistant: "How can I help?"',
        // The transcript bubble, as shown then: one line per paragraph.
        'Assistant: "Assistant: "Hi there 👋"\n\nAssistant: "How can I help?""',
        'User: "Hey"',
        'Assistant: "Test"',
      ].join("\n\n"),
    );
  });

  it("is the same text whatever format the replies are sent in", async () => {
    const { state } = await chat(loopWithJumpAndReturn(), ["hey", "hey 2", "hey 3"], "markdown");
    expect(variableValue(state, "Transcript")).toBe(loopTranscript);
  });
});

describe("what the record holds", () => {
  it("media bubbles by their URL as shown, embeds left out, inline code with its value then", async () => {
    const bot = engineBot({
      variables: [
        { id: "vPic", name: "Pic", value: "cat" },
        { id: "vT", name: "T" },
        { id: "vN", name: "N", value: "2" },
      ],
      groups: [
        group("g1", [
          { id: "img", type: "image", content: { url: "https://example.com/{{Pic}}.png" } },
          { id: "embed", type: "embed", content: { url: "https://example.com/widget" } },
          text("calc", "Twice: {{={{N}} * 2=}}"),
          { id: "pick", type: "Set variable", options: { variableId: "vPic", expressionToEvaluate: "dog" } },
          { id: "n", type: "Set variable", options: { variableId: "vN", expressionToEvaluate: "5" } },
          { id: "t", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
        ]),
      ],
    });
    const { state } = await startSession({ bot, mode: "preview" }, options());
    expect(variableValue(state, "T")).toBe('Assistant: "https://example.com/cat.png"\n\nAssistant: "Twice: 4"');
  });

  it("an answer streamed into its bubble, filled with the streamed text", async () => {
    const bot = engineBot({
      variables: [
        { id: "vAnswer", name: "Answer" },
        { id: "vT", name: "T" },
      ],
      groups: [
        group("g1", [
          {
            id: "ai",
            type: "OpenAI",
            options: {
              task: "Create chat completion",
              credentialsId: "cred-1",
              messages: [{ id: "m1", role: "user", content: "Hi" }],
              responseMapping: [{ id: "r1", variableId: "vAnswer" }],
            },
          },
          text("streamed", "{{Answer}}"),
          { id: "t", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
          text("show", "{{T}}"),
        ]),
      ],
    });
    const start = await startSession({ bot, mode: "preview", isStreamEnabled: true }, options());
    expect(start.reply.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);
    const after = await continueSession(bot, start.state, "Hello, I am **here**", options());
    expect(variableValue(after.state, "T")).toBe('Assistant: "Hello, I am here"');
  });

  it("the bubbles and answers of a linked bot, in the order shown", async () => {
    const child = {
      ...engineBot({
        groups: [
          group("g-b", [
            text("b-hi", "B here, {{Name}}"),
            { id: "b-q", type: "text input", options: { variableId: "b-city" } },
            text("b-bye", "B done"),
          ]),
        ],
        variables: [
          { id: "b-name", name: "Name" },
          { id: "b-city", name: "City" },
        ],
      }),
      id: "bot-b",
      versionId: "bot-b-v1",
    };
    const parent = engineBot({
      groups: [
        group("g-a", [
          text("a-hi", "Hello from A"),
          { id: "a-q", type: "text input", options: { variableId: "a-name" } },
          { id: "a-link", type: "Bot link", options: { botId: "bot-b" } },
          text("a-back", "Back in A"),
          { id: "a-t", type: "Set variable", options: { variableId: "a-t", type: "Transcript" } },
        ]),
      ],
      variables: [
        { id: "a-name", name: "Name" },
        { id: "a-city", name: "City" },
        { id: "a-t", name: "T" },
      ],
    });
    const linked = { ...options(), ports: { ...options().ports, bots: { load: async () => child } } };
    let turn: TurnResult = await startSession({ bot: parent, mode: "live", workspaceId: "ws", resultId: "r" }, linked);
    for (const reply of ["Ada", "Paris"]) turn = await continueSession(parent, turn.state, reply, linked);
    expect(variableValue(turn.state, "T")).toBe(
      [
        'Assistant: "Hello from A"',
        'User: "Ada"',
        'Assistant: "B here, Ada"',
        'User: "Paris"',
        'Assistant: "B done"',
        'Assistant: "Back in A"',
      ].join("\n\n"),
    );
  });

  it("leaves out a retry message and the reply it refused", async () => {
    const { state } = await chat(
      {
        groups: [
          group("g1", [
            text("ask", "Your e-mail?"),
            { id: "mail", type: "email input", options: { variableId: "vMail" } },
            { id: "t", type: "Set variable", options: { variableId: "vT", type: "Transcript" } },
          ]),
        ],
        edges: [],
        variables: [
          { id: "vMail", name: "Mail" },
          { id: "vT", name: "T" },
        ],
      } as never,
      ["not an e-mail", "ada@example.com"],
    );
    expect(variableValue(state, "T")).toBe('Assistant: "Your e-mail?"\n\nUser: "ada@example.com"');
  });

  it("keeps the newest messages within its bounds, the newest always, cut when too long alone", () => {
    let transcript = appendTranscript([], "bot", "first");
    for (let index = 0; index < TRANSCRIPT_MAX_ENTRIES + 4; index++)
      transcript = appendTranscript(transcript, "user", String(index));
    expect(transcript).toHaveLength(TRANSCRIPT_MAX_ENTRIES);
    expect(transcript[0]).toEqual({ role: "user", text: "4" });
    expect(transcript.at(-1)).toEqual({ role: "user", text: String(TRANSCRIPT_MAX_ENTRIES + 3) });

    const half = "x".repeat(TRANSCRIPT_MAX_CHARS / 2);
    transcript = appendTranscript(appendTranscript(appendTranscript([], "bot", half), "user", half), "bot", "last");
    expect(transcript.map((entry) => ("text" in entry ? entry.text.length : 0))).toEqual([half.length, 4]);
    const huge = appendTranscript(transcript, "bot", "y".repeat(TRANSCRIPT_MAX_CHARS + 10));
    expect(huge).toEqual([{ role: "bot", text: "y".repeat(TRANSCRIPT_MAX_CHARS) }]);
  });

  it("a transcript that shows itself in a loop stays within the bounds, turn after turn", async () => {
    // Each transcript holds the one shown before it: the text doubles every turn.
    const replies = Array.from({ length: 16 }, (_, index) => `message ${index}`);
    const { state } = await chat(transcriptShownInLoop(), replies);
    const chars = state.transcript.reduce((sum, entry) => sum + ("text" in entry ? entry.text.length : 0), 0);
    expect(chars).toBeLessThanOrEqual(TRANSCRIPT_MAX_CHARS);
    expect(state.transcript[0]).not.toEqual({ role: "bot", text: "Hi there 👋" });
    expect(state.transcript.slice(-3, -1)).toEqual([
      { role: "user", text: "message 15" },
      { role: "bot", text: "Test" },
    ]);
    expect(JSON.stringify(state).length).toBeLessThan(4 * TRANSCRIPT_MAX_CHARS);
  });
});

describe("a session stored before the record began (state version 2)", () => {
  const stored: string = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v2.json", "utf8")).row.state;

  it("tells its earlier turns as it could then, and every message from the upgrade on as shown", async () => {
    const state = loadSessionState(stored);
    expect(state.transcript).toEqual([
      { bubblesBefore: "b-answer" },
      { role: "user", text: "hey" },
      { bubblesBefore: "b-answer" },
      { role: "user", text: "hey 2" },
      { bubblesBefore: "b-answer" },
    ]);
    const bot = botOf(loopWithJumpAndReturn());
    const last = await continueSession(bot, state, "hey 3", options());
    // Before the upgrade only the answers were kept: their bubbles come from the bot, with today's
    // values, and "Let me think..." (a group without an input) is not known.
    expect(variableValue(last.state, "Transcript")).toBe(
      [
        'Assistant: "How are you? You said hey 3"',
        'User: "hey"',
        'Assistant: "How are you? You said hey 3"',
        'User: "hey 2"',
        'Assistant: "How are you? You said hey 3"',
        'User: "hey 3"',
      ].join("\n\n"),
    );
  });
});
