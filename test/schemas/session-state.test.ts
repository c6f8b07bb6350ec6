import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadSessionState, SessionStateError } from "../../src/schemas/session-state-upgrade.js";
import { SESSION_STATE_VERSION, sessionStateSchema } from "../../src/schemas/session-state.js";

const v1Json: string = JSON.parse(fs.readFileSync("test/schemas/fixtures/session-row-v1.json", "utf8")).row.state;
const v1 = JSON.parse(v1Json);

describe("loadSessionState", () => {
  it("upgrades a state stored in version 1 to a valid current state, values unchanged", () => {
    const loaded = loadSessionState(v1Json);
    expect(loaded).toEqual({ ...v1, version: SESSION_STATE_VERSION });
    expect(sessionStateSchema.safeParse(loaded).success).toBe(true);
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
    expect(() => loadSessionState(JSON.stringify({ ...v1, version: 2, resultAnswers: undefined }))).toThrow(
      "Stored session state is missing fields of its version",
    );
    expect(() => loadSessionState(JSON.stringify({ ...v1, status: "paused" }))).toThrow(
      /^Stored session state \(version 1\) is invalid at status: /,
    );
  });
});
