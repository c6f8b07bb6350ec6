import type { Block } from "../../../schemas/blocks/index.js";
import { richTextToPlainText } from "../../rich-text/plain-text.js";
import type { RichTextNode } from "../../rich-text/types.js";
import type { RuntimeBot } from "../../runtime-bot.js";
import type { BlockPosition } from "../../session-state.js";
import type { ActionOutcome } from "../executor.js";

/** The block the flow reaches right after `blockId`: along its edge, else the next block of its group. */
export function nextBlockPosition(bot: RuntimeBot, blockId: string): BlockPosition | undefined {
  const location = bot.blockById.get(blockId);
  if (!location) return undefined;
  if (location.block.outgoingEdgeId) {
    const edge = bot.edgeById.get(location.block.outgoingEdgeId);
    const group = edge ? bot.groupById.get(edge.to.groupId) : undefined;
    if (!edge || !group || group.blocks.length === 0) return undefined;
    const blockIndex = edge.to.blockId ? group.blocks.findIndex((block) => block.id === edge.to.blockId) : 0;
    return blockIndex < 0 ? undefined : { groupId: group.id, blockIndex };
  }
  const blockIndex = location.blockIndex + 1;
  return blockIndex < location.group.blocks.length ? { groupId: location.group.id, blockIndex } : undefined;
}

/**
 * The text bubble after `blockId` when it shows exactly `{{variableName}}` and nothing else: the
 * client can then stream the reply into it instead of waiting for the whole text.
 */
export function streamBubbleAfter(
  bot: RuntimeBot,
  blockId: string,
  variableName: string,
): { block: Block; position: BlockPosition } | undefined {
  const position = nextBlockPosition(bot, blockId);
  if (!position) return undefined;
  const block = bot.groupById.get(position.groupId)?.blocks[position.blockIndex] as Block | undefined;
  if (block?.type !== "text") return undefined;
  const text = richTextToPlainText((block.content?.richText ?? []) as RichTextNode[]).trim();
  return text === `{{${variableName}}}` ? { block, position } : undefined;
}

/**
 * Where the flow goes once a streamed answer came back: past the bubble that already showed it (when
 * there is one), else along the block's own edge.
 */
export function pastStreamBubble(
  bot: RuntimeBot,
  blockId: string,
  variableName: string | undefined,
  outgoingEdgeId: string | undefined,
): Pick<ActionOutcome, "outgoingEdgeId" | "goTo" | "shownBubbleId"> {
  const bubble = variableName ? streamBubbleAfter(bot, blockId, variableName) : undefined;
  if (!bubble) return { outgoingEdgeId };
  const group = bot.groupById.get(bubble.position.groupId);
  const isLastOfGroup = !group || bubble.position.blockIndex === group.blocks.length - 1;
  const shownBubbleId = bubble.block.id;
  // Past the last block of a group the flow follows that block's edge, so go there directly.
  if (isLastOfGroup && bubble.block.outgoingEdgeId)
    return { outgoingEdgeId: bubble.block.outgoingEdgeId, shownBubbleId };
  return { goTo: { groupId: bubble.position.groupId, blockIndex: bubble.position.blockIndex + 1 }, shownBubbleId };
}
