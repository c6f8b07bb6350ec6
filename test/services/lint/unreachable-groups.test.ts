import { describe, expect, it } from "vitest";
import { checkUnreachableGroups } from "../../../src/services/lint/unreachable-groups.js";
import { choice, edge, flow, group, say } from "./lint-fixtures.js";

const never = (groupId: string, title: string) => ({
  severity: "warning",
  groupId,
  message: `The group "${title}" is never reached: nothing from the start leads to it`,
});

describe("checkUnreachableGroups", () => {
  it("reports a group that no edge reaches, and not the start's target", () => {
    const doc = flow({
      groups: [group("g1", [say("b1", "Hi")], "Welcome"), group("g2", [say("b2", "Lost")], "Forgotten")],
    });
    expect(checkUnreachableGroups(doc)).toEqual([never("g2", "Forgotten")]);
  });

  it("reports groups that only reach each other", () => {
    const doc = flow({
      groups: [
        group("g1", [say("b1", "Hi")]),
        group("g2", [{ ...say("b2", "A"), outgoingEdgeId: "e-23" }], "Island A"),
        group("g3", [{ ...say("b3", "B"), outgoingEdgeId: "e-32" }], "Island B"),
      ],
      edges: [edge("e-23", "g3"), edge("e-32", "g2")],
    });
    expect(checkUnreachableGroups(doc)).toEqual([never("g2", "Island A"), never("g3", "Island B")]);
  });

  it("counts groups reached through items, Jumps, links to this bot and command events", () => {
    const doc = flow({
      groups: [
        group("g1", [
          choice("b-choice", [{ id: "i1", content: "Go", outgoingEdgeId: "e-item" }]),
          { id: "b-jump", type: "Jump", options: { groupId: "g3" } },
          { id: "b-link", type: "Bot link", options: { botId: "current", groupId: "g4" } },
        ]),
        group("g2", [say("b2", "By item")]),
        group("g3", [say("b3", "By jump")]),
        group("g4", [say("b4", "By link")]),
        group("g5", [say("b5", "By command")]),
      ],
      edges: [edge("e-item", "g2"), { id: "e-command", from: { eventId: "ev-help" }, to: { groupId: "g5" } }],
      events: [
        {
          id: "ev-help",
          type: "command",
          graphCoordinates: { x: 0, y: 0 },
          outgoingEdgeId: "e-command",
          options: { command: "help" },
        },
      ],
    });
    expect(checkUnreachableGroups(doc)).toEqual([]);
  });

  it("reports nothing when a Jump takes its group from a variable, since any group may be its target", () => {
    const doc = flow({
      groups: [
        group("g1", [{ id: "b-jump", type: "Jump", options: { groupId: "{{Chapter}}" } }]),
        group("g2", [say("b2", "Chapter 2")]),
      ],
      variables: [{ id: "v1", name: "Chapter", value: "g2" }],
    });
    expect(checkUnreachableGroups(doc)).toEqual([]);
  });
});
