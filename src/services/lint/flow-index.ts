import type { BotDocument, Edge, Group } from "../../schemas/bot.js";
import type { Block } from "../../schemas/blocks/index.js";
import { idleTimeoutOf } from "../../engine/idle-timeout.js";

export type BlockLocation = { group: Group; block: Block; index: number };

/** Lookups shared by the checks, built once per document. */
export type FlowIndex = {
  doc: BotDocument;
  groups: ReadonlyMap<string, Group>;
  blocks: ReadonlyMap<string, BlockLocation>;
  edges: ReadonlyMap<string, Edge>;
};

export function indexFlow(doc: BotDocument): FlowIndex {
  const groups = new Map(doc.groups.map((group) => [group.id, group]));
  const blocks = new Map<string, BlockLocation>();
  for (const group of doc.groups)
    group.blocks.forEach((block, index) => {
      blocks.set(block.id, { group, block, index });
    });
  return { doc, groups, blocks, edges: new Map(doc.edges.map((edge) => [edge.id, edge])) };
}

/** An option holding exactly one `{{variable}}` instead of an id names its target only at run time. */
export const isVariableReference = (value: string): boolean => /^\{\{[^{}]+\}\}$/.test(value.trim());

/** What a visitor sees on an item, to name it in a message. */
export function itemLabel(block: Block, itemIndex: number): string {
  if (!("items" in block)) return `#${itemIndex + 1}`;
  const item = block.items[itemIndex] as Record<string, unknown> | undefined;
  const text = [item?.content, item?.title].find((value) => typeof value === "string" && value.trim() !== "");
  if (block.type === "AB test") return `path ${itemIndex === 0 ? "A" : "B"}`;
  if (block.type === "Condition") return `branch ${itemIndex + 1}`;
  if (block.type === "knowledge answer") return `"No good match"`;
  return typeof text === "string" ? `"${text}"` : `#${itemIndex + 1}`;
}

/** Something that owns an edge: an event, a block, one of its items, or a button (path) of a card. */
export type EdgeOwner = {
  edgeId: string;
  groupId?: string;
  blockId?: string;
  /** How the message names the owner, e.g. `Item "Yes"` or `The start event`. */
  name: string;
};

export function edgeOwners(index: FlowIndex): EdgeOwner[] {
  const owners: EdgeOwner[] = [];
  for (const event of index.doc.events)
    if (event.outgoingEdgeId) owners.push({ edgeId: event.outgoingEdgeId, name: `The ${event.type} event` });
  for (const group of index.doc.groups)
    for (const block of group.blocks) {
      const place = { groupId: group.id, blockId: block.id };
      if (block.outgoingEdgeId) owners.push({ ...place, edgeId: block.outgoingEdgeId, name: "This block" });
      const idleEdgeId = idleTimeoutOf(block)?.outgoingEdgeId;
      if (idleEdgeId) owners.push({ ...place, edgeId: idleEdgeId, name: "The idle path of this input" });
      if (block.type === "hand off" && block.options?.noOperatorEdgeId)
        owners.push({
          ...place,
          edgeId: block.options.noOperatorEdgeId,
          name: "The no-operator path of this hand-off",
        });
      if (!("items" in block)) continue;
      block.items.forEach((item, itemIndex) => {
        if (item.outgoingEdgeId)
          owners.push({ ...place, edgeId: item.outgoingEdgeId, name: `Item ${itemLabel(block, itemIndex)}` });
        const paths = (item as { paths?: { text?: string; outgoingEdgeId?: string }[] }).paths ?? [];
        for (const path of paths)
          if (path.outgoingEdgeId)
            owners.push({ ...place, edgeId: path.outgoingEdgeId, name: `Button "${path.text ?? ""}"` });
      });
    }
  return owners;
}
