import type { z } from "zod";
import type { botDocumentSchema } from "../schemas/bot.js";
import type { Block } from "../schemas/blocks/index.js";

export type BotDocument = z.output<typeof botDocumentSchema>;
export type Group = BotDocument["groups"][number];
export type Edge = BotDocument["edges"][number];

export type BlockLocation = { group: Group; groupIndex: number; blockIndex: number; block: Block };

/**
 * A validated, immutable bot document with the lookups the walk needs. Built once per published
 * version (and cached by the services), never mutated.
 */
export type RuntimeBot = {
  id: string;
  document: BotDocument;
  groupById: ReadonlyMap<string, Group>;
  edgeById: ReadonlyMap<string, Edge>;
  blockById: ReadonlyMap<string, BlockLocation>;
  /** When this version was published (live bots only). */
  publishedAt?: string;
  /** The published version this is (live linked bots), so that their own results name it. */
  versionId?: string;
  /** Memo of reachable-input counts per input block id (progress bar). */
  reachableInputs: Map<string, number>;
};

export function createRuntimeBot(id: string, document: BotDocument): RuntimeBot {
  const blockById = new Map<string, BlockLocation>();
  document.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      blockById.set(block.id, { group, groupIndex, blockIndex, block: block as Block });
    });
  });
  return {
    id,
    document,
    groupById: new Map(document.groups.map((group) => [group.id, group])),
    edgeById: new Map(document.edges.map((edge) => [edge.id, edge])),
    blockById,
    reachableInputs: new Map(),
  };
}
