import type { Group } from "../../schemas/bot.js";
import { forgedBlockTypes, isInputBlock, type Block } from "../../schemas/blocks/index.js";
import { emptyBubbleReason } from "./bubble-content.js";
import { isVariableReference, type FlowIndex } from "./flow-index.js";

/** Where the walk goes next: through an edge, or on to a block of a group (past the last one = the end). */
export type PathStart = { edgeId: string } | { groupId: string; index: number };

/**
 * Blocks after which the visitor is not left waiting, whatever follows: they may show something
 * (AI replies, live chat, client-side code), send the visitor elsewhere (Redirect), or continue in
 * another flow (Bot link, Return, a webhook awaiting its call) or to a person (hand off). The analysis stops at them.
 */
const HANDS_OVER = new Set<string>([
  "Bot link",
  "Return",
  "webhook",
  "hand off",
  "OpenAI",
  "Chatwoot",
  ...forgedBlockTypes,
]);

/** The next step after a block that neither branches nor stops: its own edge, else the next block. */
export const after = (group: Group, index: number, block: Block): PathStart =>
  block.outgoingEdgeId ? { edgeId: block.outgoingEdgeId } : { groupId: group.id, index: index + 1 };

/** Where a block that says nothing can take the walk; [] when the path is settled as fine here. */
function successors(index: FlowIndex, group: Group, position: number, block: Block): (PathStart | "end")[] {
  if (isInputBlock(block) || HANDS_OVER.has(block.type)) return [];
  if (block.type === "embed" && block.content?.waitForEvent?.isEnabled) return [];
  if (
    block.type === "text" ||
    block.type === "image" ||
    block.type === "video" ||
    block.type === "audio" ||
    block.type === "embed"
  )
    return emptyBubbleReason(block) ? [after(group, position, block)] : [];
  switch (block.type) {
    case "Redirect":
      return block.options?.url ? [] : [after(group, position, block)];
    case "Code":
      return block.options?.isExecutedOnClient === false ? [after(group, position, block)] : [];
    case "Condition":
      // A matching branch without an edge stops the flow; no match takes the else path.
      return [
        ...block.items.map((item) => (item.outgoingEdgeId ? { edgeId: item.outgoingEdgeId } : ("end" as const))),
        after(group, position, block),
      ];
    case "AB test": {
      const [a, b] = block.items;
      const next: (PathStart | "end")[] = [];
      if (a.outgoingEdgeId) next.push({ edgeId: a.outgoingEdgeId });
      if (b.outgoingEdgeId) next.push({ edgeId: b.outgoingEdgeId });
      else next.push(after(group, position, block));
      return next;
    }
    case "knowledge answer":
      // An answer is shown; "No good match" says nothing and takes its item's edge, else the block's.
      return [
        block.items[0].outgoingEdgeId ? { edgeId: block.items[0].outgoingEdgeId } : after(group, position, block),
      ];
    case "Jump": {
      const groupId = block.options?.groupId;
      const target = groupId && !isVariableReference(groupId) ? index.groups.get(groupId) : undefined;
      if (!target) return [];
      const blockIndex = block.options?.blockId
        ? target.blocks.findIndex((candidate) => candidate.id === block.options?.blockId)
        : 0;
      return blockIndex < 0 ? [] : [{ groupId: target.id, index: blockIndex }];
    }
    default:
      return [after(group, position, block)];
  }
}

/** A position, or undefined when the start points at something missing (reported by another check). */
function resolve(index: FlowIndex, start: PathStart): { group: Group; position: number } | undefined {
  if ("groupId" in start) {
    const group = index.groups.get(start.groupId);
    return group ? { group, position: start.index } : undefined;
  }
  const edge = index.edges.get(start.edgeId);
  const group = edge && index.groups.get(edge.to.groupId);
  if (!edge || !group) return undefined;
  const position = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
  return position < 0 ? undefined : { group, position };
}

/**
 * True when some path from `start` reaches the end of the chat without showing a message, asking a
 * question or handing the visitor over. Loops of silent blocks are not counted as endings.
 */
export function endsSilently(index: FlowIndex, start: PathStart): boolean {
  const seen = new Set<string>();
  const pending: PathStart[] = [start];
  while (pending.length > 0) {
    const resolved = resolve(index, pending.pop()!);
    if (!resolved) continue;
    const { group, position } = resolved;
    if (position >= group.blocks.length) return true;
    const key = `${group.id}\u0000${position}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const next of successors(index, group, position, group.blocks[position])) {
      if (next === "end") return true;
      pending.push(next);
    }
  }
  return false;
}
