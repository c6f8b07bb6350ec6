import { describe, expect, it } from "vitest";
import { parseRuntimeBot } from "../../../src/services/chat/runtime-bot-cache.js";
import { replayPorts, replayTranscript, visitorSteps } from "../../../src/services/results/transcript.js";

const paragraph = (text: string) => ({ richText: [{ type: "p", children: [{ text }] }] });

const bot = parseRuntimeBot("bot", {
  version: "6",
  events: [{ id: "ev", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g1",
      title: "Ask",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: "b-hello", type: "text", content: paragraph("Hello {{Source}}") },
        { id: "b-mail", type: "email input", options: { variableId: "v-mail" } },
        { id: "b-thanks", type: "text", content: paragraph("Mail: {{Email}}") },
        { id: "b-video", type: "video", content: { url: "https://videos.example/intro.mp4" } },
        { id: "b-note", type: "text input", options: { variableId: "v-note", attachments: { isEnabled: true } } },
        { id: "b-end", type: "text", content: paragraph("Done") },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "ev" }, to: { groupId: "g1" } }],
  variables: [
    { id: "v-mail", name: "Email" },
    { id: "v-note", name: "Note" },
    { id: "v-source", name: "Source" },
  ],
  theme: {},
  settings: {},
});

const result = {
  id: "result-1",
  createdAt: "2025-01-02T03:04:05.000Z",
  variables: JSON.stringify([
    { id: "v-source", name: "Source", value: "newsletter" },
    { id: "v-mail", name: "Email", value: "final@example.com" },
  ]),
};
const answer = (blockId: string, content: string, attachedFileUrls: string[] | null = null) => ({
  blockId,
  content,
  attachedFileUrls: attachedFileUrls && JSON.stringify(attachedFileUrls),
});

describe("replayTranscript", () => {
  it("gives back prefilled variables only, and shows attachments above the answer", async () => {
    const transcript = await replayTranscript(bot, result, [
      answer("b-mail", "ada@example.com"),
      answer("b-note", "see files", ["https://files.example/a.pdf", "https://files.example/b.png"]),
    ]);
    expect(transcript).toEqual([
      { role: "bot", type: "text", text: "Hello newsletter" },
      { role: "user", type: "text", text: "ada@example.com" },
      { role: "bot", type: "text", text: "Mail: ada@example.com" },
      { role: "bot", type: "video", video: "https://videos.example/intro.mp4" },
      { role: "user", type: "text", text: "https://files.example/a.pdf, https://files.example/b.png\n\nsee files" },
      { role: "bot", type: "text", text: "Done" },
    ]);
  });

  it("accepts a stored answer that no longer validates, and follows answers given to another input than the one waiting", async () => {
    const transcript = await replayTranscript(bot, result, [
      answer("b-note", "resumed first"),
      answer("b-mail", "not an email"),
    ]);
    expect(transcript).toEqual([
      { role: "bot", type: "text", text: "Hello newsletter" },
      { role: "user", type: "text", text: "resumed first" },
      { role: "bot", type: "text", text: "Done" },
      { role: "user", type: "text", text: "not an email" },
      { role: "bot", type: "text", text: "Mail: not an email" },
      { role: "bot", type: "video", video: "https://videos.example/intro.mp4" },
    ]);
  });

  it("keeps answers to blocks that were deleted since", async () => {
    const transcript = await replayTranscript(bot, result, [
      answer("b-gone", "orphan"),
      answer("b-mail", "ada@example.com"),
    ]);
    expect(transcript.slice(0, 3)).toEqual([
      { role: "bot", type: "text", text: "Hello newsletter" },
      { role: "user", type: "text", text: "orphan" },
      { role: "user", type: "text", text: "ada@example.com" },
    ]);
  });

  it("is deterministic: the clock stands at the result's creation and randomness follows its id", () => {
    const a = replayPorts("result-1", result.createdAt);
    const b = replayPorts("result-1", result.createdAt);
    expect(a.clock.now().toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect([a.random.number(), a.random.number(), a.random.id()]).toEqual([
      b.random.number(),
      b.random.number(),
      b.random.id(),
    ]);
    expect(replayPorts("result-2", result.createdAt).random.number()).not.toBe(
      replayPorts("result-1", result.createdAt).random.number(),
    );
  });
});

describe("replayTranscript with a linked bot that keeps its own result", () => {
  const linking = parseRuntimeBot("bot-a", {
    version: "6",
    events: [{ id: "ev", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-a",
        title: "Parent",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "a-q1", type: "text input", options: { variableId: "a-name" } },
          { id: "a-link", type: "Bot link", options: { botId: "bot-b" } },
          { id: "a-q2", type: "text input", options: { variableId: "a-mood" } },
          { id: "a-bye", type: "text", content: paragraph("Bye {{Name}}") },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev" }, to: { groupId: "g-a" } }],
    variables: [
      { id: "a-name", name: "Name" },
      { id: "a-mood", name: "Mood" },
    ],
    theme: {},
    settings: {},
  });
  const linked = parseRuntimeBot("bot-b", {
    version: "6",
    events: [{ id: "ev", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-b",
        title: "Child",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "b-q", type: "text input" },
          { id: "b-bye", type: "text", content: paragraph("Child done") },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev" }, to: { groupId: "g-b" } }],
    variables: [],
    theme: {},
    settings: {},
  });
  const loader = { load: async (id: string) => (id === "bot-b" ? linked : undefined) };

  it("passes over the linked bot in the linking bot's transcript: its part is in its own result", async () => {
    const transcript = await replayTranscript(
      linking,
      { ...result, variables: "[]" },
      [answer("a-q1", "Ada"), answer("a-q2", "Fine")],
      loader,
    );
    expect(transcript).toEqual([
      { role: "user", type: "text", text: "Ada" },
      { role: "user", type: "text", text: "Fine" },
      { role: "bot", type: "text", text: "Bye Ada" },
    ]);
  });

  it("replays the linked bot's own result on the linked bot", async () => {
    const transcript = await replayTranscript(
      linked,
      { ...result, variables: "[]" },
      [answer("b-q", "Lisbon")],
      loader,
    );
    expect(transcript).toEqual([
      { role: "user", type: "text", text: "Lisbon" },
      { role: "bot", type: "text", text: "Child done" },
    ]);
  });
});

describe("answers and idle timeouts in the order they happened", () => {
  const answer = (blockId: string, createdAt: string) => ({
    blockId,
    content: blockId,
    attachedFileUrls: null,
    createdAt,
  });
  const idle = (blockId: string, createdAt: string) => ({ blockId, description: "No answer within 5 s", createdAt });

  it("interleaves them by time, an answer first when both share a timestamp", () => {
    const steps = visitorSteps(
      [answer("a1", "2025-01-01T00:00:01.000Z"), answer("a2", "2025-01-01T00:00:09.000Z")],
      [idle("i1", "2025-01-01T00:00:05.000Z"), idle("i2", "2025-01-01T00:00:09.000Z")],
    );
    expect(steps.map((step) => (step.kind === "answer" ? step.answer.blockId : step.idle.blockId))).toEqual([
      "a1",
      "i1",
      "a2",
      "i2",
    ]);
  });
});
