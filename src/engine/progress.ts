import type { Block } from "../schemas/blocks/index.js";
import { isInputBlock } from "../schemas/blocks/index.js";
import type { RuntimeBot } from "./runtime-bot.js";

function outgoingEdgeIds(block: Block): string[] {
  const ids = block.outgoingEdgeId ? [block.outgoingEdgeId] : [];
  const items = (block as { items?: { outgoingEdgeId?: string; paths?: { outgoingEdgeId?: string }[] }[] }).items ?? [];
  for (const item of items) {
    if (item.outgoingEdgeId) ids.push(item.outgoingEdgeId);
    for (const path of item.paths ?? []) if (path.outgoingEdgeId) ids.push(path.outgoingEdgeId);
  }
  return ids;
}

/** Distinct input blocks reachable from an input block, itself included (memoised per bot version). */
export function countReachableInputs(bot: RuntimeBot, fromBlockId: string): number {
  const memo = bot.reachableInputs.get(fromBlockId);
  if (memo !== undefined) return memo;
  const start = bot.blockById.get(fromBlockId);
  const inputs = new Set<string>();
  const visited = new Set<string>();
  const stack: { groupId: string; blockIndex: number }[] = start
    ? [{ groupId: start.group.id, blockIndex: start.blockIndex }]
    : [];
  while (stack.length > 0) {
    const { groupId, blockIndex } = stack.pop()!;
    const key = `${groupId}:${blockIndex}`;
    const group = bot.groupById.get(groupId);
    if (visited.has(key) || !group) continue;
    visited.add(key);
    for (const block of group.blocks.slice(blockIndex) as Block[]) {
      if (isInputBlock(block)) inputs.add(block.id);
      for (const edgeId of outgoingEdgeIds(block)) {
        const edge = bot.edgeById.get(edgeId);
        const target = edge && bot.groupById.get(edge.to.groupId);
        if (!edge || !target) continue;
        const index = edge.to.blockId ? target.blocks.findIndex((b) => b.id === edge.to.blockId) : 0;
        stack.push({ groupId: target.id, blockIndex: Math.max(index, 0) });
      }
    }
  }
  bot.reachableInputs.set(fromBlockId, inputs.size);
  return inputs.size;
}

/**
 * As the reference: 100 when the chat ended; with an input pending, answered / (answered + inputs
 * still reachable) where the pending one counts on both sides; nothing while an action is pending.
 */
export function computeProgress(
  bot: RuntimeBot,
  totalAnswers: number,
  pendingInputId: string | undefined,
  ended: boolean,
): number | undefined {
  if (ended) return 100;
  if (!pendingInputId) return undefined;
  const answered = totalAnswers + 1;
  return (answered / (countReachableInputs(bot, pendingInputId) + answered)) * 100;
}
