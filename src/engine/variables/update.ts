import { serializeVariableValue } from "./serialize.js";
import type { VariableLike, VariableValue } from "./types.js";

export type VariableUpdate = { id: string; value: VariableValue };

/**
 * Returns a new list with the given values written. Unlike the reference, which moves updated
 * variables to the end, every variable keeps its position. Unknown ids are ignored; when one id
 * appears twice the last update wins.
 */
export function setVariableValues(
  variables: readonly VariableLike[],
  updates: readonly VariableUpdate[],
): VariableLike[] {
  const valuesById = new Map<string, VariableValue>();
  for (const update of updates) valuesById.set(update.id, update.value);
  return variables.map((variable) =>
    valuesById.has(variable.id) ? { ...variable, value: valuesById.get(variable.id) ?? null } : variable,
  );
}

/** Writes `prefilledVariables` (keyed by exact variable name); names the bot lacks are ignored. */
export function applyPrefilledVariables(
  variables: readonly VariableLike[],
  prefilled: Record<string, unknown>,
): VariableLike[] {
  const updates: VariableUpdate[] = [];
  for (const [name, value] of Object.entries(prefilled)) {
    const variable = variables.find((candidate) => candidate.name === name);
    if (variable) updates.push({ id: variable.id, value: serializeVariableValue(value) });
  }
  return setVariableValues(variables, updates);
}
