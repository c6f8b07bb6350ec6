import type { Group } from "../../schemas/bot.js";
import { isInputBlock, type InputBlock } from "../../schemas/blocks/index.js";
import { at, type LintCheck, type LintFinding } from "./finding.js";
import { indexFlow, itemLabel } from "./flow-index.js";
import { after, endsSilently, type PathStart } from "./silent-paths.js";

/**
 * Places where the visitor would be left waiting: the chat ends right after the visitor did
 * something, with no reply.
 *
 * Rules (a path "says something" when it reaches a non-empty bubble or another input; a block that
 * may show something or hand the visitor over – AI reply, live chat, client-side code, Redirect,
 * Bot link, Return, incoming webhook – settles the path as fine, since the lint cannot see past it):
 * 1. The start event must be connected (error), and the flow it starts must say something before
 *    it can end (warning): otherwise the visitor opens the chat and sees nothing.
 * 2. After an input is answered, every way on must say something before the chat can end (warning).
 *    The way on is the item's edge for a single choice (choice and picture choice with fixed items;
 *    a clicked card button's edge for cards), else the block's own edge, else the next block of the
 *    group; past the last block the chat ends. Multiple choice and items built from variables only
 *    use the block's edge. When only some items lead nowhere, each is reported by its label; when
 *    all do, the block is reported once.
 * 3. Silent blocks on the way are followed exactly as the engine runs them: a Condition can take any
 *    branch (a matching branch without an edge ends the chat) or its else path; an A/B test either
 *    path; a Jump to a fixed group continues there. Loops of silent blocks are not reported.
 * Connections to missing edges or groups are reported by the missing-targets check, not here.
 * Nothing is known about a bot linked from another one, so an input at the end of a sub-flow that
 * is only used through a Bot link is reported too; the warning can then be ignored.
 */
export const checkSilentEndings: LintCheck = (doc) => {
  const index = indexFlow(doc);
  const findings: LintFinding[] = [];
  const start = doc.events[0];
  if (!start.outgoingEdgeId)
    findings.push(at({}, "error", "The start event is not connected to any group: the chat would show nothing"));
  else if (endsSilently(index, { edgeId: start.outgoingEdgeId })) {
    const groupId = index.edges.get(start.outgoingEdgeId)?.to.groupId;
    findings.push(
      at(
        { groupId },
        "warning",
        "The chat can end before saying anything: the flow from the start shows no message and asks nothing",
      ),
    );
  }
  for (const { group, block, index: position } of index.blocks.values()) {
    if (!isInputBlock(block)) continue;
    const exits = answerExits(group, position, block);
    const silent = exits.filter((exit) => endsSilently(index, exit.start));
    if (silent.length === 0) continue;
    const place = { groupId: group.id, blockId: block.id };
    if (silent.length === exits.length)
      findings.push(
        at(place, "warning", "Nothing follows this input: after the visitor answers, the chat ends without a reply"),
      );
    else
      for (const exit of silent)
        findings.push(
          at(
            place,
            "warning",
            `Nothing follows ${exit.label}: after the visitor ${exit.action}, the chat ends without a reply`,
          ),
        );
  }
  return findings;
};

type AnswerExit = { label: string; action: string; start: PathStart };

/** Every way the flow can go on once the input is answered. */
function answerExits(group: Group, position: number, block: InputBlock): AnswerExit[] {
  const fallback = after(group, position, block);
  const whole = [{ label: "this input", action: "answers", start: fallback }];
  const single = (start: PathStart | undefined, label: string, action: string): AnswerExit => ({
    label,
    action,
    start: start ?? fallback,
  });
  const edge = (edgeId: string | undefined) => (edgeId ? { edgeId } : undefined);
  switch (block.type) {
    case "choice input":
      if (block.options?.isMultipleChoice || block.options?.dynamicVariableId || block.items.length === 0) return whole;
      return block.items.map((item, itemIndex) =>
        single(
          edge(item.outgoingEdgeId),
          `item ${itemLabel(block, itemIndex)}`,
          `picks ${itemLabel(block, itemIndex)}`,
        ),
      );
    case "picture choice input":
      if (block.options?.isMultipleChoice || block.options?.dynamicItems?.isEnabled || block.items.length === 0)
        return whole;
      return block.items.map((item, itemIndex) =>
        single(
          edge(item.outgoingEdgeId),
          `item ${itemLabel(block, itemIndex)}`,
          `picks ${itemLabel(block, itemIndex)}`,
        ),
      );
    case "cards": {
      const paths = block.items.flatMap((item) => item.paths ?? []);
      if (paths.length === 0) return whole;
      return paths.map((path) =>
        single(edge(path.outgoingEdgeId), `button "${path.text ?? ""}"`, `clicks "${path.text ?? ""}"`),
      );
    }
    default:
      return whole;
  }
}
