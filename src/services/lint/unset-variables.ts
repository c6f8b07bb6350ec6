import { currentBotId } from "../../schemas/blocks/index.js";
import { at, type LintCheck, type LintFinding } from "./finding.js";
import { collectVariableUses } from "./variable-uses.js";

/**
 * Variables a block reads (`{{name}}` in any text, a Condition's comparison, a list source) that
 * can hold nothing.
 * - `{{name}}` with no variable of that name (error): it always reads as empty, and nothing can
 *   prefill it, since prefilled values only go to declared variables.
 * - A declared variable that no input, Set variable, HTTP mapping, reply event or code
 *   (`setVariable("name", …)`) writes, and that has no value in the document (warning): it stays
 *   empty unless the page prefills it. A link to another bot that merges its results back may set
 *   any variable, so with one these warnings are left out.
 * One finding per block and variable.
 */
export const checkUnsetVariables: LintCheck = (doc) => {
  const uses = collectVariableUses(doc);
  const byName = new Map(doc.variables.map((variable) => [variable.name, variable]));
  const byId = new Map(doc.variables.map((variable) => [variable.id, variable]));
  const mergingLink = doc.groups.some((group) =>
    group.blocks.some(
      (block) => block.type === "Bot link" && block.options?.mergeResults && block.options.botId !== currentBotId,
    ),
  );
  const isSet = (variable: { id: string; name: string; value?: unknown }) =>
    mergingLink ||
    uses.writtenIds.has(variable.id) ||
    uses.writtenByCode.has(variable.name) ||
    (variable.value !== undefined && variable.value !== null);

  const findings: LintFinding[] = [];
  for (const group of doc.groups)
    for (const block of group.blocks) {
      const blockUses = uses.perBlock.get(block.id);
      if (!blockUses) continue;
      const place = { groupId: group.id, blockId: block.id };
      const reported = new Set<string>();
      for (const name of blockUses.names) {
        const variable = byName.get(name);
        if (!variable)
          findings.push(
            at(place, "error", `{{${name}}} refers to no variable: this bot has no variable named "${name}"`),
          );
        else if (!isSet(variable) && !reported.has(variable.id)) {
          reported.add(variable.id);
          findings.push(at(place, "warning", neverSet(variable.name)));
        }
      }
      for (const id of blockUses.readIds) {
        const variable = byId.get(id);
        if (variable && !isSet(variable) && !reported.has(id)) {
          reported.add(id);
          findings.push(at(place, "warning", neverSet(variable.name)));
        }
      }
    }
  return findings;
};

const neverSet = (name: string) =>
  `Variable "${name}" is used here but never set: no block saves to it and it has no value, so it stays empty unless prefilled`;
