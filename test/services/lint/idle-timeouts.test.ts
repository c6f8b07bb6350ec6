import { describe, expect, it } from "vitest";
import { checkIdleTimeouts } from "../../../src/services/lint/idle-timeouts.js";
import { checkMissingTargets } from "../../../src/services/lint/missing-targets.js";
import { checkUnreachableGroups } from "../../../src/services/lint/unreachable-groups.js";
import { edge, flow, group, say } from "./lint-fixtures.js";

const idleInput = (id: string, seconds: number, outgoingEdgeId?: string) => ({
  id,
  type: "text input",
  options: { idleTimeout: { seconds, ...(outgoingEdgeId ? { outgoingEdgeId } : {}) } },
});

describe("idle timeouts in lint", () => {
  it("warns about an idle timeout with no edge", () => {
    const doc = flow({ groups: [group("g1", [say("b-ask", "Name?"), idleInput("b-q", 45)])] });
    expect(checkIdleTimeouts(doc)).toEqual([
      {
        severity: "warning",
        groupId: "g1",
        blockId: "b-q",
        message: "This input's idle timeout (45 s) leads nowhere: a silent visitor's chat would end",
      },
    ]);
  });

  it("counts the idle path as a way into its group, and checks where it leads", () => {
    const reached = flow({
      groups: [group("g1", [idleInput("b-q", 45, "e-idle")]), group("g2", [say("b-still", "Still there?")])],
      edges: [edge("e-idle", "g2")],
    });
    expect(checkIdleTimeouts(reached)).toEqual([]);
    expect(checkUnreachableGroups(reached)).toEqual([]);

    const broken = flow({ groups: [group("g1", [idleInput("b-q", 45, "e-gone")])] });
    expect(checkMissingTargets(broken)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-q",
        message: 'The idle path of this input is connected through an edge that does not exist ("e-gone")',
      },
    ]);
  });
});
