import { describe, expect, it } from "vitest";
import { lintBot } from "../../../src/services/lint/lint-bot.js";
import { ask, edge, flow, group, say } from "./lint-fixtures.js";

describe("lintBot", () => {
  it("finds nothing in a flow that greets, asks and answers", () => {
    const doc = flow({
      groups: [group("g1", [say("b1", "Your name?"), ask("b2", "v1"), say("b3", "Nice to meet you, {{Name}}")])],
      variables: [{ id: "v1", name: "Name" }],
    });
    expect(lintBot(doc)).toEqual([]);
  });

  it("lists errors before warnings, whatever check found them", () => {
    const doc = flow({
      groups: [
        group("g1", [say("b1", "Hi {{Who}}"), ask("b2", undefined, "e-gone")]),
        group("g2", [{ id: "b3", type: "text" }], "Spare"),
      ],
      edges: [edge("e-unused", "g1")],
    });
    expect(
      lintBot(doc).map((finding) => [
        finding.severity,
        finding.blockId ?? finding.groupId,
        finding.message.split(":")[0],
      ]),
    ).toEqual([
      ["error", "b2", 'This block is connected through an edge that does not exist ("e-gone")'],
      ["error", "b1", "{{Who}} refers to no variable"],
      ["warning", "g2", 'The group "Spare" is never reached'],
      ["warning", "b3", "This text bubble is empty"],
    ]);
  });
});
