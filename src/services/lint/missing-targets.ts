import { currentBotId } from "../../schemas/blocks/index.js";
import { at, type LintCheck, type LintFinding } from "./finding.js";
import { edgeOwners, indexFlow, isVariableReference, type FlowIndex } from "./flow-index.js";

/**
 * Connections to things that do not exist (errors): an edge id no edge has, an edge to a missing
 * group or to a block that is not in its group, a Jump or a link to this bot naming a missing group
 * or block, and a Jump with no target at all. The engine silently ends the chat at each of them.
 * Edges that nothing uses have no effect and are left alone.
 */
export const checkMissingTargets: LintCheck = (doc) => {
  const index = indexFlow(doc);
  const findings: LintFinding[] = [];
  const reported = new Set<string>();
  for (const owner of edgeOwners(index)) {
    const edge = index.edges.get(owner.edgeId);
    if (!edge) {
      findings.push(
        at(owner, "error", `${owner.name} is connected through an edge that does not exist ("${owner.edgeId}")`),
      );
      continue;
    }
    if (reported.has(edge.id)) continue;
    reported.add(edge.id);
    const problem = targetProblem(index, edge.to.groupId, edge.to.blockId);
    if (problem) findings.push(at(owner, "error", `${owner.name} leads to ${problem}`));
  }
  for (const { group, block } of index.blocks.values()) {
    const place = { groupId: group.id, blockId: block.id };
    if (block.type === "Jump") {
      const groupId = block.options?.groupId;
      if (!groupId) findings.push(at(place, "error", "This Jump has no group to jump to"));
      else if (!isVariableReference(groupId)) {
        const problem = targetProblem(index, groupId, block.options?.blockId);
        if (problem) findings.push(at(place, "error", `This Jump leads to ${problem}`));
      }
    }
    if (block.type === "Bot link" && block.options?.botId === currentBotId) {
      const groupId = block.options.groupId;
      if (groupId && !isVariableReference(groupId) && !index.groups.has(groupId))
        findings.push(at(place, "error", `This link leads to a group that does not exist ("${groupId}")`));
    }
  }
  return findings;
};

function targetProblem(index: FlowIndex, groupId: string, blockId: string | undefined): string | undefined {
  const group = index.groups.get(groupId);
  if (!group) return `a group that does not exist ("${groupId}")`;
  if (blockId && !group.blocks.some((block) => block.id === blockId))
    return `a block that is not in the group "${group.title}" ("${blockId}")`;
  return undefined;
}
