import type { GoogleSheetsBlock } from "../../../../schemas/blocks/integrations/google-sheets.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { GoogleSheetsPort, SheetTarget, SheetValues } from "../../../ports.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { serviceEffect } from "../plugins/plugin-kit.js";
import { matchingRows, pickRows, usableComparisons } from "./sheet-rows.js";

type Options = NonNullable<GoogleSheetsBlock["options"]>;
type Cell = { column?: string; value?: string };

const INSERT_CONTEXT = "While inserting a row in Google Sheets";
const UPDATE_CONTEXT = "While updating rows in Google Sheets";
/** The sheet is read during the turn (the flow needs its rows); what is written goes once the turn is saved. */
const sheetCall = (ctx: ExecutionContext) => ({ scope: integrationScope(ctx), ctx });

export const noMatchingRowsDescription = "Couldn't find any rows matching the filter";

const errorLog = (description: string, details?: unknown): ChatLog => ({
  status: "error",
  description,
  ...(details !== undefined ? { details } : {}),
});

/**
 * The Google Sheets block: reads rows into variables, inserts a row or updates the matching rows of
 * one sheet, with the workspace's connected Google account. Whatever happens, the flow goes on along
 * the block's edge; failures are logged (unlike the reference, a failed read does not end the chat).
 */
export const googleSheetsExecutor: ActionExecutor<"Google Sheets"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    const variables = ctx.state.variables;
    const spreadsheetId = substituteVariables(options.spreadsheetId ?? "", variables).trim();
    if (!options.credentialsId || !spreadsheetId)
      return { ...next, logs: [errorLog("Missing credentialsId or spreadsheetId")] };
    if (!options.action) return { ...next, logs: [errorLog("Google Sheets is not configured")] };
    const sheets = ctx.ports.googleSheets;
    if (!sheets) return { ...next, logs: [errorLog("Google Sheets is not available on this server")] };
    const sheetId = substituteVariables(options.sheetId ?? "", variables).trim();
    const target: SheetTarget = {
      credentialsId: options.credentialsId,
      spreadsheetId,
      ...(sheetId ? { sheetId } : {}),
    };
    const sheet = await sheets.read(target, integrationScope(ctx));
    if (!sheet.ok)
      return { ...next, logs: [errorLog("Could not read the sheet", { error: sheet.error, status: sheet.status })] };
    const run = { sheets, target: { ...target, sheetTitle: sheet.sheetTitle }, sheet, options, ctx };
    const outcome =
      options.action === "Get data from sheet"
        ? getRows(run)
        : options.action === "Insert a row"
          ? insertRow(run)
          : updateRows(run);
    return { ...next, ...outcome };
  },
};

type Run = {
  sheets: GoogleSheetsPort;
  target: SheetTarget & { sheetTitle: string };
  sheet: SheetValues;
  options: Options;
  ctx: ExecutionContext;
};

/** Each extracted column into its variable: the one row's value, or a list when several rows match. */
function getRows({ sheet, options, ctx }: Run): ActionOutcome {
  const header = sheet.rows[0] ?? [];
  const rows = pickRows(matchingRows(sheet.rows, options.filter, ctx.state.variables), options.totalRowsToExtract, () =>
    ctx.ports.random.number(),
  );
  if (rows.length === 0) return { logs: [{ status: "info", description: noMatchingRowsDescription }] };
  const variables: VariableUpdate[] = [];
  const unknown: string[] = [];
  for (const cell of options.cellsToExtract ?? []) {
    if (!cell.column || !cell.variableId) continue;
    const column = header.indexOf(cell.column);
    if (column < 0) {
      unknown.push(cell.column);
      continue;
    }
    const values = rows.map((row) => row.cells[column] ?? "");
    variables.push({ id: cell.variableId, value: values.length === 1 ? values[0] : values });
  }
  return { variables, ...(unknown.length ? { logs: [unknownColumnsLog(unknown)] } : {}) };
}

/** One row after the last, each value under its column's header; nothing is written if a column is unknown. */
function insertRow({ target, sheet, options, ctx }: Run): ActionOutcome {
  const header = sheet.rows[0] ?? [];
  const cells = templatedCells(options.cellsToInsert, ctx);
  const unknown = cells.filter((cell) => !header.includes(cell.column)).map((cell) => cell.column);
  if (unknown.length) return { logs: [unknownColumnsLog(unknown)] };
  const row = header.map(() => "");
  for (const cell of cells) row[header.indexOf(cell.column)] = cell.value;
  const where = `${sheet.spreadsheetTitle} > ${sheet.sheetTitle}`;
  return serviceEffect("googleSheets.appendRow", { target, values: row, where }, sheetCall(ctx), INSERT_CONTEXT);
}

/** The upserted cells written into every row the filter matches; a filter is required (no blanket overwrite). */
function updateRows({ target, sheet, options, ctx }: Run): ActionOutcome {
  if (usableComparisons(options.filter, ctx.state.variables).length === 0)
    return { logs: [errorLog("Update a row needs a filter: which rows to update")] };
  const header = sheet.rows[0] ?? [];
  const cells = templatedCells(options.cellsToUpsert, ctx);
  const unknown = cells.filter((cell) => !header.includes(cell.column)).map((cell) => cell.column);
  if (unknown.length) return { logs: [unknownColumnsLog(unknown)] };
  const rows = matchingRows(sheet.rows, options.filter, ctx.state.variables);
  if (rows.length === 0) return { logs: [{ status: "info", description: noMatchingRowsDescription }] };
  const updates = rows.flatMap((row) =>
    cells.map((cell) => ({ row: row.index, column: header.indexOf(cell.column), value: cell.value })),
  );
  if (updates.length === 0) return {};
  const request = { target, cells: updates, rows: rows.length };
  return serviceEffect("googleSheets.updateCells", request, sheetCall(ctx), UPDATE_CONTEXT);
}

/** Cells with a column and a non-empty value, `{{variables}}` substituted (empty values are skipped). */
function templatedCells(cells: readonly Cell[] | undefined, ctx: ExecutionContext) {
  return (cells ?? []).flatMap((cell) => {
    const value = substituteVariables(cell.value ?? "", ctx.state.variables);
    return cell.column && value ? [{ column: cell.column, value }] : [];
  });
}

const unknownColumnsLog = (columns: string[]) =>
  errorLog(`No column named ${columns.map((column) => `"${column}"`).join(", ")} in the sheet's header row`);
