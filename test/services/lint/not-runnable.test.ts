import { describe, expect, it } from "vitest";
import { blockCatalogue, notRunnableKinds } from "../../../src/schemas/blocks/catalogue/index.js";
import type { BlockType } from "../../../src/schemas/blocks/index.js";
import { lintBot } from "../../../src/services/lint/lint-bot.js";
import { notRunnableFindings } from "../../../src/services/lint/not-runnable.js";
import { flow, group, say } from "./lint-fixtures.js";

const listed = Object.entries(notRunnableKinds) as [BlockType, string][];

describe("blocks this server cannot run", () => {
  it("are errors naming what they need, on their blocks", () => {
    const doc = flow({
      groups: [
        group("g1", [
          say("b-hello", "Hello"),
          { id: "b-cal", type: "cal-com", options: { action: "Book event" } },
          { id: "b-ga", type: "Google Analytics" },
        ]),
      ],
    });
    // A fixture list: the test does not depend on which kinds happen to be missing today.
    expect(notRunnableFindings(doc, { "cal-com": "needs a booking service" })).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-cal",
        message: "Cal.com cannot run on this server: it needs a booking service",
      },
    ]);
  });

  it.skipIf(listed.length === 0)("every kind the catalogue lists is reported at publish, before warnings", () => {
    const blocks = listed.map(([type], index) => ({ id: `b-${index}`, type }));
    const findings = lintBot(flow({ groups: [group("g1", [say("b-hello", "Hello"), ...blocks])] }));
    const errors = findings.filter((finding) => finding.message.includes("cannot run on this server"));
    expect(errors).toEqual(
      listed.map(([type, needs], index) => ({
        severity: "error",
        groupId: "g1",
        blockId: `b-${index}`,
        message: `${blockCatalogue[type].label} cannot run on this server: it ${needs}`,
      })),
    );
    expect(findings.slice(0, errors.length)).toEqual(errors);
  });
});
