import { describe, expect, it } from "vitest";
import { checkMissingTargets } from "../../../src/services/lint/missing-targets.js";
import { choice, edge, flow, group, say } from "./lint-fixtures.js";

describe("checkMissingTargets", () => {
  it("finds nothing when every connection has its edge, group and block", () => {
    const doc = flow({
      groups: [
        group(
          "g1",
          [say("b1", "Hi")].map((block) => ({ ...block, outgoingEdgeId: "e1" })),
        ),
        group("g2", [say("b2", "There")]),
      ],
      edges: [edge("e1", "g2", "b2")],
    });
    expect(checkMissingTargets(doc)).toEqual([]);
  });

  it("reports a block connected through an edge id that no edge has", () => {
    const doc = flow({ groups: [group("g1", [{ ...say("b1", "Hi"), outgoingEdgeId: "e-gone" }])] });
    expect(checkMissingTargets(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b1",
        message: 'This block is connected through an edge that does not exist ("e-gone")',
      },
    ]);
  });

  it("reports the start event's edge when it does not exist", () => {
    const doc = flow({ groups: [group("g1", [say("b1", "Hi")])], start: "e-missing" });
    expect(checkMissingTargets(doc)).toEqual([
      { severity: "error", message: 'The start event is connected through an edge that does not exist ("e-missing")' },
    ]);
  });

  it("reports an item whose edge leads to a group that does not exist", () => {
    const doc = flow({
      groups: [group("g1", [choice("b-choice", [{ id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" }])])],
      edges: [edge("e-yes", "g-deleted")],
    });
    expect(checkMissingTargets(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-choice",
        message: 'Item "Yes" leads to a group that does not exist ("g-deleted")',
      },
    ]);
  });

  it("reports an edge to a block that is not in the target group", () => {
    const doc = flow({
      groups: [
        group("g1", [{ ...say("b1", "Hi"), outgoingEdgeId: "e1" }]),
        group("g2", [say("b2", "There")], "Second"),
      ],
      edges: [edge("e1", "g2", "b-moved")],
    });
    expect(checkMissingTargets(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b1",
        message: 'This block leads to a block that is not in the group "Second" ("b-moved")',
      },
    ]);
  });

  it("reports Jumps without a target or to a missing group, but not to a group named by a variable", () => {
    const doc = flow({
      groups: [
        group("g1", [
          { id: "j-none", type: "Jump" },
          { id: "j-gone", type: "Jump", options: { groupId: "g-gone" } },
          { id: "j-var", type: "Jump", options: { groupId: "{{Next group}}" } },
          { id: "j-ok", type: "Jump", options: { groupId: "g1", blockId: "j-none" } },
        ]),
      ],
    });
    expect(checkMissingTargets(doc)).toEqual([
      { severity: "error", groupId: "g1", blockId: "j-none", message: "This Jump has no group to jump to" },
      {
        severity: "error",
        groupId: "g1",
        blockId: "j-gone",
        message: 'This Jump leads to a group that does not exist ("g-gone")',
      },
    ]);
  });

  it("reports a link to this bot naming a group that does not exist", () => {
    const doc = flow({
      groups: [group("g1", [{ id: "b-link", type: "Bot link", options: { botId: "current", groupId: "g-old" } }])],
    });
    expect(checkMissingTargets(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-link",
        message: 'This link leads to a group that does not exist ("g-old")',
      },
    ]);
  });
});
