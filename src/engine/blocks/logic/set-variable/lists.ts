import type { VariableValue } from "../../../variables/types.js";
import type { VariableUpdate } from "../../../variables/update.js";

/** Append value(s): nothing yet → a one-item list; a single value → both in a list; a list → one more item. */
export function appended(current: VariableValue | undefined, item: string): (string | null)[] {
  if (current === undefined || current === null) return [item];
  if (!Array.isArray(current)) return [current, item];
  return [...current, item];
}

/**
 * Map item with same index: where the base item sits in the base list, the target list's item at the
 * same place. Undefined (nothing to write) when either is not a list or the item is not found.
 */
export function itemAtSameIndex(
  baseItem: VariableValue | undefined,
  baseList: VariableValue | undefined,
  targetList: VariableValue | undefined,
): string | undefined {
  if (!Array.isArray(baseList) || !Array.isArray(targetList) || typeof baseItem !== "string" || baseItem === "")
    return undefined;
  const index = baseList.indexOf(baseItem);
  const value = index === -1 ? undefined : targetList[index];
  return value === null || value === undefined || value === "" ? undefined : value;
}

/**
 * Pop / Shift: the list without its last / first item, and that item written to `saveItemInVariableId`.
 * A single value counts as a one-item list; an empty variable is left alone.
 */
export function removedItem(
  kind: "Pop" | "Shift",
  variableId: string,
  current: VariableValue | undefined,
  saveItemInVariableId: string | undefined,
): VariableUpdate[] {
  if (current === undefined || current === null) return [];
  const list = Array.isArray(current) ? current : [current];
  const item = (kind === "Pop" ? list.at(-1) : list.at(0)) ?? null;
  const rest = kind === "Pop" ? list.slice(0, -1) : list.slice(1);
  const updates: VariableUpdate[] = [{ id: variableId, value: rest }];
  if (saveItemInVariableId) updates.push({ id: saveItemInVariableId, value: item });
  return updates;
}
