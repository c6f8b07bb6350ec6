import { createId } from "../lib/ids.js";
import {
  abTestDefaults,
  blockCatalogue as catalogue,
  conditionDefaults,
  blockCategories,
  notRunnableReason,
  type BlockCatalogueEntry,
  type BlockCategory,
} from "../../../../src/schemas/blocks/catalogue/index.js";
import type { Block, BlockType } from "../lib/types.js";

export type { BlockCategory };

/**
 * A block kind's catalogue entry (src/schemas/blocks/catalogue), with its type and, for a kind this
 * server cannot run yet, what it needs ("needs …").
 */
export type BlockEntry = BlockCatalogueEntry & { type: BlockType; needs?: string };

/** Every block type, in side-bar order. */
export const blockCatalogue: BlockEntry[] = (Object.keys(catalogue) as BlockType[]).map((type) => ({
  type,
  ...catalogue[type],
  needs: notRunnableReason(type),
}));
const entriesByType = new Map(blockCatalogue.map((entry) => [entry.type as string, entry]));
export const blockEntry = (type: string): BlockEntry | undefined => entriesByType.get(type);
export { blockCategories };

/** The CSS class that colours a category's badges (styles/editor.css). */
export const categoryClass: Record<BlockCategory, string> = {
  Bubbles: "category-bubbles",
  Inputs: "category-inputs",
  Logic: "category-logic",
  Integrations: "category-integrations",
};

/** The legacy OpenAI block still runs (and shows) in imported bots, but new bots get the `openai` block. */
const offeredBlocks = blockCatalogue.filter((entry) => entry.type !== "OpenAI");

export function searchBlocks(query: string): BlockEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return offeredBlocks;
  return offeredBlocks.filter((entry) => {
    const haystack = `${entry.label} ${entry.type} ${entry.category} ${entry.keywords}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

const item = () => ({ id: createId() });

/** A new block of a type, with what it needs to be usable (items for branching blocks). */
export function createBlock(type: BlockType): Block {
  const id = createId();
  switch (type) {
    case "choice input":
      return { id, type, items: [{ ...item(), content: "" }] };
    case "picture choice input":
      return { id, type, items: [item()] };
    case "cards":
      return { id, type, items: [{ ...item(), title: "", paths: [{ id: createId(), text: "" }] }] };
    case "Condition":
      return {
        id,
        type,
        items: [{ ...item(), content: { logicalOperator: conditionDefaults.logicalOperator, comparisons: [] } }],
      };
    case "AB test":
      return {
        id,
        type,
        items: [
          { ...item(), path: "a" },
          { ...item(), path: "b" },
        ],
        options: { aPercent: abTestDefaults.aPercent },
      };
    case "knowledge answer":
      // The one item is the "no good match" exit.
      return { id, type, items: [item()] };
    case "text":
      return { id, type, content: { richText: [{ type: "p", children: [{ text: "" }] }] } };
    default:
      return { id, type } as Block;
  }
}

export const isBubbleType = (type: string) => blockEntry(type)?.category === "Bubbles";
export const isInputType = (type: string) => blockEntry(type)?.category === "Inputs";

/** The name a block carries on the canvas and in its settings ("Text input" rather than the side bar's "Text"). */
export const blockTitle = (type: string): string => blockEntry(type)?.title ?? type;
