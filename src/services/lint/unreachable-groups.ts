import { currentBotId } from "../../schemas/blocks/index.js";
import { idleTimeoutOf } from "../../engine/idle-timeout.js";
import { at, type LintCheck } from "./finding.js";
import { indexFlow, isVariableReference } from "./flow-index.js";

/**
 * Groups that no path from an event (the start, commands, replies) reaches, through edges of
 * blocks, items, card buttons and idle paths, Jumps and links to this bot (warnings). When a Jump or a link to
 * this bot takes its group from a `{{variable}}`, any group may be its target and none is reported.
 * Another bot may link to a group of this one; such a group is reported too, and the warning can then be ignored.
 */
export const checkUnreachableGroups: LintCheck = (doc) => {
  const index = indexFlow(doc);
  const reached = new Set<string>();
  const pending: string[] = [];
  let targetsUnknown = false;
  const reach = (groupId: string | undefined) => {
    if (!groupId || reached.has(groupId) || !index.groups.has(groupId)) return;
    reached.add(groupId);
    pending.push(groupId);
  };
  const follow = (edgeId: string | undefined) => reach(edgeId ? index.edges.get(edgeId)?.to.groupId : undefined);
  const jumpTo = (groupId: string | undefined) => {
    if (groupId && isVariableReference(groupId)) targetsUnknown = true;
    else reach(groupId);
  };

  for (const event of doc.events) follow(event.outgoingEdgeId);
  while (pending.length > 0) {
    const group = index.groups.get(pending.pop()!)!;
    for (const block of group.blocks) {
      follow(block.outgoingEdgeId);
      follow(idleTimeoutOf(block)?.outgoingEdgeId);
      if (block.type === "hand off") follow(block.options?.noOperatorEdgeId);
      if ("items" in block)
        for (const item of block.items) {
          follow(item.outgoingEdgeId);
          for (const path of (item as { paths?: { outgoingEdgeId?: string }[] }).paths ?? [])
            follow(path.outgoingEdgeId);
        }
      if (block.type === "Jump") jumpTo(block.options?.groupId);
      if (block.type === "Bot link" && block.options?.botId === currentBotId) jumpTo(block.options.groupId);
    }
  }
  if (targetsUnknown) return [];
  return doc.groups
    .filter((group) => !reached.has(group.id))
    .map((group) =>
      at(
        { groupId: group.id },
        "warning",
        `The group "${group.title}" is never reached: nothing from the start leads to it`,
      ),
    );
};
