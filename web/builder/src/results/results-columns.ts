import { blockCatalogue } from "../../../../src/schemas/blocks/catalogue/index.js";
import type { Bot, RanOn, Result, ResultsTablePreferences } from "../lib/types.js";

export type Column = { id: string; label: string; kind: "date" | "status" | "version" | "input" | "variable" };

export const DATE_COLUMN = "createdAt";
/** The same id as the CSV export's column, so that hiding or moving it applies to both. */
export const STATUS_COLUMN = "status";
/** The version the chat ran on; the builder's alone (the CSV export has no such column and skips the id). */
export const VERSION_COLUMN = "version";

/**
 * The date, the status and the version, then one column per input block (named after the variable it saves to, else its group), then one per
 * variable no input saves to. Ids: the block id, or `var:<variable id>`.
 */
export function resultColumns(bot: Pick<Bot, "groups" | "variables">): Column[] {
  const columns: Column[] = [
    { id: DATE_COLUMN, label: "Submitted at", kind: "date" },
    { id: STATUS_COLUMN, label: "Status", kind: "status" },
    { id: VERSION_COLUMN, label: "Version", kind: "version" },
  ];
  const savedByInputs = new Set<string>();
  const names = new Map(bot.variables.map((variable) => [variable.id, variable.name]));
  const used = new Map<string, number>();
  for (const group of bot.groups)
    for (const block of group.blocks) {
      // The catalogue says which kinds' answers get a column (every input's).
      if (blockCatalogue[block.type]?.resultColumn !== "answer") continue;
      const variableId = (block as { options?: { variableId?: string } }).options?.variableId;
      if (variableId) savedByInputs.add(variableId);
      const base = (variableId && names.get(variableId)) || group.title;
      const count = (used.get(base) ?? 0) + 1;
      used.set(base, count);
      columns.push({ id: block.id, label: count > 1 ? `${base} (${count})` : base, kind: "input" });
    }
  for (const variable of bot.variables)
    if (!savedByInputs.has(variable.id) && !variable.isSessionVariable)
      columns.push({ id: `var:${variable.id}`, label: variable.name, kind: "variable" });
  return columns;
}

/** Columns in the saved order (new ones at the end), without the hidden ones. */
export function orderedColumns(
  columns: Column[],
  preferences: ResultsTablePreferences | null | undefined,
): { all: Column[]; visible: Column[] } {
  const order = preferences?.columnsOrder ?? [];
  const rank = new Map(order.map((id, index) => [id, index]));
  const all = [...columns].sort(
    (a, b) =>
      (rank.get(a.id) ?? order.length + columns.indexOf(a)) - (rank.get(b.id) ?? order.length + columns.indexOf(b)),
  );
  const visible = all.filter((column) => preferences?.columnsVisibility?.[column.id] !== false);
  return { all, visible };
}

const valueText = (value: unknown): string =>
  Array.isArray(value)
    ? value.filter((entry) => entry !== null).join(", ")
    : value === null || value === undefined
      ? ""
      : String(value);

/** Which flow the chat ran: "Version 3", "Version 3 · staging", "The draft · staging". */
export function ranOnLabel(ranOn: RanOn): string {
  const flow =
    ranOn.number !== null
      ? `Version ${ranOn.number}`
      : ranOn.isStaging
        ? "The draft"
        : ranOn.versionId
          ? "A version no longer kept"
          : "Before versions were recorded";
  return ranOn.isStaging ? `${flow} · staging` : flow;
}

/** `ranOn`: what the result's chat ran on, when known (the version column is empty without it). */
export function cellText(result: Result, column: Column, ranOn?: RanOn): string {
  if (column.kind === "date") return result.createdAt;
  if (column.kind === "version") return ranOn ? ranOnLabel(ranOn) : "";
  if (column.kind === "status") return result.isCompleted ? "Completed" : "Not completed";
  if (column.kind === "input") {
    const answers = result.answers.filter((answer) => answer.blockId === column.id);
    return answers.at(-1)?.content ?? "";
  }
  const variableId = column.id.slice(4);
  return valueText(result.variables.find((variable) => variable.id === variableId)?.value);
}

export function moveColumn(order: string[], id: string, delta: number): string[] {
  const index = order.indexOf(id);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= order.length) return order;
  const next = [...order];
  next.splice(index, 1);
  next.splice(target, 0, id);
  return next;
}
