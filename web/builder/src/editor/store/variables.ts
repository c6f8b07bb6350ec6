import { createId } from "../../lib/ids.js";
import type { BotDocument, Variable } from "../../lib/types.js";

export function addVariable(doc: BotDocument, name: string): { doc: BotDocument; variable: Variable } {
  const existing = doc.variables.find((variable) => variable.name === name);
  if (existing) return { doc, variable: existing };
  const variable: Variable = { id: createId(), name };
  return { doc: { ...doc, variables: [...doc.variables, variable] }, variable };
}

export const updateVariable = (doc: BotDocument, id: string, patch: Partial<Omit<Variable, "id">>): BotDocument => ({
  ...doc,
  variables: doc.variables.map((variable) => (variable.id === id ? { ...variable, ...patch } : variable)),
});

/**
 * Renaming also rewrites `{{old name}}` in the texts of the flow, so that templates keep pointing
 * at the variable (references by id need nothing).
 */
export function renameVariable(doc: BotDocument, id: string, name: string): BotDocument {
  const variable = doc.variables.find((entry) => entry.id === id);
  if (!variable || variable.name === name) return doc;
  const needle = `{{${variable.name}}}`;
  const replace = <T>(value: T): T => {
    if (typeof value === "string")
      return (value.includes(needle) ? value.split(needle).join(`{{${name}}}`) : value) as T;
    if (Array.isArray(value)) {
      const mapped = value.map(replace);
      return (mapped.some((entry, index) => entry !== value[index]) ? mapped : value) as T;
    }
    if (value && typeof value === "object") {
      let changed = false;
      const entries = Object.entries(value).map(([key, entry]) => {
        const next = replace(entry);
        if (next !== entry) changed = true;
        return [key, next];
      });
      return (changed ? Object.fromEntries(entries) : value) as T;
    }
    return value;
  };
  return { ...updateVariable(doc, id, { name }), groups: replace(doc.groups), events: replace(doc.events) };
}

export const removeVariable = (doc: BotDocument, id: string): BotDocument => ({
  ...doc,
  variables: doc.variables.filter((variable) => variable.id !== id),
});

export type VariableUse = { groupId: string; groupTitle: string; blockId: string };

function mentions(value: unknown, id: string, template: string): boolean {
  if (typeof value === "string") return value === id || value.includes(template);
  if (Array.isArray(value)) return value.some((entry) => mentions(entry, id, template));
  if (value && typeof value === "object") return Object.values(value).some((entry) => mentions(entry, id, template));
  return false;
}

/** The blocks that read or write a variable, by id or by `{{name}}`. */
export function variableUses(doc: BotDocument, variable: Variable): VariableUse[] {
  const template = `{{${variable.name}}}`;
  const uses: VariableUse[] = [];
  for (const group of doc.groups)
    for (const block of group.blocks)
      if (mentions(block, variable.id, template))
        uses.push({ groupId: group.id, groupTitle: group.title, blockId: block.id });
  return uses;
}

const VARIABLE_PATTERN = /\{\{([^{}]+)\}\}/g;

/** Names written as `{{name}}` in a text. */
export const templateNames = (text: string): string[] =>
  [...text.matchAll(VARIABLE_PATTERN)].map((match) => match[1].trim());
