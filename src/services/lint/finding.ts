import type { z } from "zod";
import type { BotDocument } from "../../schemas/bot.js";
import type { lintFindingSchema } from "../../schemas/lint.js";

/**
 * One problem found in a draft. `error`: the flow is broken there (a connection to nothing, a
 * variable that cannot exist). `warning`: the flow runs, but probably not as its author meant.
 */
export type LintFinding = z.infer<typeof lintFindingSchema>;
export type LintSeverity = LintFinding["severity"];

/** A check reads the document and reports; it never changes it. */
export type LintCheck = (doc: BotDocument) => LintFinding[];

/** Where a finding sits: a block (and its group), a group, or the whole flow. */
export function at(
  place: { blockId?: string; groupId?: string },
  severity: LintSeverity,
  message: string,
): LintFinding {
  return {
    severity,
    ...(place.blockId !== undefined ? { blockId: place.blockId } : {}),
    ...(place.groupId !== undefined ? { groupId: place.groupId } : {}),
    message,
  };
}
