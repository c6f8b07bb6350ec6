import type { BotDocument } from "../../schemas/bot.js";
import { blockCatalogue, notRunnableKinds } from "../../schemas/blocks/catalogue/index.js";
import type { BlockType } from "../../schemas/blocks/index.js";
import { at, type LintFinding } from "./finding.js";

/**
 * A block this server cannot run: the flow would skip it with an error log, so the author hears
 * about it before publishing. `kinds` is the catalogue's list; tests hand in their own.
 */
export function notRunnableFindings(
  doc: BotDocument,
  kinds: { readonly [T in BlockType]?: string } = notRunnableKinds,
): LintFinding[] {
  return doc.groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      const needs = Object.hasOwn(kinds, block.type) ? kinds[block.type] : undefined;
      if (!needs) return [];
      const label = blockCatalogue[block.type]?.label ?? block.type;
      return [at({ blockId: block.id, groupId: group.id }, "error", `${label} cannot run on this server: it ${needs}`)];
    }),
  );
}

export const checkNotRunnable = (doc: BotDocument): LintFinding[] => notRunnableFindings(doc);
