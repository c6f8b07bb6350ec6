import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadSessionState, SessionStateError } from "../../src/schemas/session-state-upgrade.js";
import { SESSION_STATE_VERSION, sessionStateSchema } from "../../src/schemas/session-state.js";

const v1Json: string = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v1.json", "utf8")).row.state;
const v1 = JSON.parse(v1Json);
const v2Json: string = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v2.json", "utf8")).row.state;
const v2 = JSON.parse(v2Json);

describe("loadSessionState", () => {
  it("upgrades a state stored in version 1 to a valid current state, values unchanged", () => {
    const loaded = loadSessionState(v1Json);
    // Its answers, each after a mark for the bubbles its input showed, then one for the waiting input.
    const transcript = [
      { bubblesBefore: "b-name" },
      { role: "user", text: "Ada Lovelace" },
      { bubblesBefore: "b-mail" },
      { role: "user", text: "ada@example.com" },
      { bubblesBefore: "b-age" },
    ];
    expect(loaded).toEqual({ ...v1, version: SESSION_STATE_VERSION, transcript });
    expect(sessionStateSchema.safeParse(loaded).success).toBe(true);
  });

  it("upgrades a state stored in version 2: its answer history becomes the transcript's user messages", () => {
    const { answerHistory, ...rest } = v2;
    expect(answerHistory).toHaveLength(2);
    const loaded = loadSessionState(v2Json);
    expect(loaded).toEqual({
      ...rest,
      version: SESSION_STATE_VERSION,
      transcript: [
        { bubblesBefore: "b-answer" },
        { role: "user", text: "hey" },
        { bubblesBefore: "b-answer" },
        { role: "user", text: "hey 2" },
        { bubblesBefore: "b-answer" },
      ],
    });
    expect(sessionStateSchema.safeParse(loaded).success).toBe(true);
    // Without a history (sessions older still), the latest answers; a finished chat waits on nothing.
    const { answerHistory: _, ...older } = v2;
    expect(loadSessionState(JSON.stringify({ ...older, status: "completed" })).transcript).toEqual([
      { bubblesBefore: "b-answer" },
      { role: "user", text: "hey 2" },
    ]);
  });

  it("gives a version-1 state without the result counter the chat's answer count, as readers used to", () => {
    const { resultAnswers: _, ...older } = v1;
    expect(loadSessionState(JSON.stringify({ ...older, totalAnswers: 4 })).resultAnswers).toBe(4);
  });

  it("gives a frame kept aside without a counter the 0 readers used to assume", () => {
    const frame = { botId: "parent", variables: [], separate: { answers: [] } };
    const loaded = loadSessionState(JSON.stringify({ ...v1, linkStack: [frame] }));
    expect(loaded.linkStack?.[0].separate).toEqual({ answers: [], resultAnswers: 0 });
  });

  it("reads the current version as stored", () => {
    const current = JSON.stringify(loadSessionState(v1Json));
    expect(JSON.stringify(loadSessionState(current))).toBe(current);
  });

  it("refuses what it cannot read, naming why", () => {
    expect(() => loadSessionState("[]")).toThrow(new SessionStateError("Stored session state is not an object"));
    expect(() => loadSessionState(JSON.stringify({ ...v1, version: 7 }))).toThrow("Unknown session state version: 7");
    const current = loadSessionState(v2Json);
    expect(() => loadSessionState(JSON.stringify({ ...current, resultAnswers: undefined }))).toThrow(
      "Stored session state is missing fields of its version",
    );
    expect(() => loadSessionState(JSON.stringify({ ...current, transcript: undefined }))).toThrow(
      "Stored session state is missing fields of its version",
    );
    expect(() => loadSessionState(JSON.stringify({ ...v2, variables: "none" }))).toThrow(
      /^Stored session state \(version 2\) is invalid at variables: /,
    );
    expect(() => loadSessionState(JSON.stringify({ ...v1, status: "paused" }))).toThrow(
      /^Stored session state \(version 1\) is invalid at status: /,
    );
  });
});
