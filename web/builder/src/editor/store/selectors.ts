import type { Block, BotDocument, Group } from "../../lib/types.js";

/** Indexes built once per groups array, so each of a hundred nodes finds its group in O(1). */
const groupIndexes = new WeakMap<readonly Group[], Map<string, Group>>();
const blockIndexes = new WeakMap<readonly Group[], Map<string, { block: Block; group: Group; index: number }>>();

export function groupById(doc: BotDocument, groupId: string): Group | undefined {
  let index = groupIndexes.get(doc.groups);
  if (!index) {
    index = new Map(doc.groups.map((group) => [group.id, group]));
    groupIndexes.set(doc.groups, index);
  }
  return index.get(groupId);
}

export function blockById(
  doc: BotDocument,
  blockId: string,
): { block: Block; group: Group; index: number } | undefined {
  let index = blockIndexes.get(doc.groups);
  if (!index) {
    index = new Map();
    for (const group of doc.groups)
      group.blocks.forEach((block, position) => {
        index!.set(block.id, { block, group, index: position });
      });
    blockIndexes.set(doc.groups, index);
  }
  return index.get(blockId);
}

const targetedBlocks = new WeakMap<readonly unknown[], Set<string>>();

/** Blocks some edge enters directly (`to.blockId`): only they draw a target of their own. */
export function isEdgeTarget(doc: BotDocument, blockId: string): boolean {
  let targets = targetedBlocks.get(doc.edges);
  if (!targets) {
    targets = new Set(doc.edges.flatMap((edge) => (edge.to.blockId ? [edge.to.blockId] : [])));
    targetedBlocks.set(doc.edges, targets);
  }
  return targets.has(blockId);
}
