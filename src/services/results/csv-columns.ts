import { isInputBlock, type Block } from "../../schemas/blocks/index.js";
import type { ResultsTablePreferences } from "../../schemas/bot.js";
import type { StoredDocument } from "../bot-view.js";

/** One column of the results table: the submission date, an input's answers, or a variable. */
export type ResultColumn = { id: string; label: string; blockIds: string[]; variableIds: string[] };

export const SUBMITTED_AT_COLUMN_ID = "date";
/** "Completed" or "Not completed": whether the visitor reached the end of the flow. */
export const STATUS_COLUMN_ID = "status";

const inputVariableId = (block: Block): string | undefined =>
  ((block as { options?: unknown }).options as { variableId?: string } | undefined)?.variableId;

function uniqueLabel(label: string, taken: readonly ResultColumn[]): string {
  if (!taken.some((column) => column.label === label)) return label;
  const sameBase = taken.filter((column) => column.label === label || column.label.startsWith(`${label} (`)).length;
  return `${label} (${sameBase})`;
}

/**
 * The columns, in their natural order: submission date, status, then one per input (named after its variable,
 * else its group; inputs that write the same variable share one column), then every other
 * non-session variable.
 */
export function resultColumns(document: Pick<StoredDocument, "groups" | "variables">): ResultColumn[] {
  const variableName = new Map(document.variables.map((variable) => [variable.id, variable.name]));
  const inputs: ResultColumn[] = [];
  for (const group of document.groups) {
    for (const block of group.blocks as Block[]) {
      if (!isInputBlock(block)) continue;
      const variableId = inputVariableId(block);
      const shared = variableId ? inputs.find((column) => column.variableIds.includes(variableId)) : undefined;
      if (shared) {
        shared.blockIds.push(block.id);
        continue;
      }
      const name = variableId ? variableName.get(variableId) : undefined;
      inputs.push({
        id: block.id,
        label: uniqueLabel(name ?? group.title, inputs),
        blockIds: [block.id],
        variableIds: variableId && name !== undefined ? [variableId] : [],
      });
    }
  }
  const variables: ResultColumn[] = [];
  for (const variable of document.variables) {
    if (variable.isSessionVariable || inputs.some((column) => column.variableIds.includes(variable.id))) continue;
    const sameName = variables.find((column) => column.label === variable.name);
    if (sameName) sameName.variableIds.push(variable.id);
    else
      variables.push({
        id: variable.id,
        label: uniqueLabel(variable.name, inputs),
        blockIds: [],
        variableIds: [variable.id],
      });
  }
  return [
    { id: SUBMITTED_AT_COLUMN_ID, label: "Submitted at", blockIds: [], variableIds: [] },
    { id: STATUS_COLUMN_ID, label: "Status", blockIds: [], variableIds: [] },
    ...inputs,
    ...variables,
  ];
}

/** The owner's table layout: ordered columns first, the others after in natural order, hidden ones out. */
export function orderColumns(
  columns: ResultColumn[],
  preferences: Partial<ResultsTablePreferences> | null | undefined,
): ResultColumn[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const ordered: ResultColumn[] = [];
  for (const id of preferences?.columnsOrder ?? []) {
    const column = byId.get(id);
    if (column && !ordered.includes(column)) ordered.push(column);
  }
  for (const column of columns) if (!ordered.includes(column)) ordered.push(column);
  const visibility = preferences?.columnsVisibility ?? {};
  return ordered.filter((column) => visibility[column.id] !== false);
}
