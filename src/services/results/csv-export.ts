import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import type { ResultWithAnswers } from "../../store/results-repository.js";
import { parseResultVariables } from "./result-view.js";
import { STATUS_COLUMN_ID, SUBMITTED_AT_COLUMN_ID, type ResultColumn } from "./csv-columns.js";

export const COMPLETED = "Completed";
export const NOT_COMPLETED = "Not completed";

/**
 * A formula's first character, at the start of the cell or right after a separator a spreadsheet may
 * split the cell on when it imports the file (comma, semicolon, tab, pipe).
 */
const FORMULA_STARTS = /(^|[,;\t|])([=+\-@\t\r])/g;

/**
 * A spreadsheet must never run a visitor's answer as a formula: wherever one could begin (the cell's
 * start, or after a separator, `x;=1+1`), a quote goes in front of it.
 */
export function neutraliseFormula(value: string): string {
  // A tab both separates and starts a formula: each one is neutralised once, from left to right.
  return value.replace(FORMULA_STARTS, (_match, separator: string, start: string) => `${separator}'${start}`);
}

/** RFC 4180, every field quoted (so no spreadsheet guesses a type or splits it), quotes doubled. */
export function csvCell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;

const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : Array.isArray(value)
      ? value.filter((item) => item !== null).join(", ")
      : String(value);

/** Turns results into CSV lines for fixed columns; the submission time is written in `timeZone`. */
export function createCsvRowWriter(columns: readonly ResultColumn[], timeZone: string) {
  const columnIndexByBlock = new Map<string, number>();
  const columnIndexByVariable = new Map<string, number>();
  columns.forEach((column, index) => {
    for (const blockId of column.blockIds) columnIndexByBlock.set(blockId, index);
    for (const variableId of column.variableIds) columnIndexByVariable.set(variableId, index);
  });
  const dateIndex = columns.findIndex((column) => column.id === SUBMITTED_AT_COLUMN_ID);
  const statusIndex = columns.findIndex((column) => column.id === STATUS_COLUMN_ID);
  const zone = { in: tz(timeZone) };

  function row({ result, answers }: ResultWithAnswers): string {
    const cells: (string | undefined)[] = new Array(columns.length).fill(undefined);
    if (dateIndex >= 0) cells[dateIndex] = format(new Date(result.createdAt), "yyyy-MM-dd HH:mm:ss", zone);
    if (statusIndex >= 0) cells[statusIndex] = result.isCompleted ? COMPLETED : NOT_COMPLETED;
    // Answers in the order given: a re-answered input shows its latest answer.
    for (const answer of answers) {
      const index = columnIndexByBlock.get(answer.blockId);
      if (index !== undefined) cells[index] = answer.content;
    }
    // A variable fills its column only where no answer did.
    for (const variable of parseResultVariables(result.variables)) {
      const index = columnIndexByVariable.get(variable.id);
      if (index !== undefined && cells[index] === undefined) cells[index] = cellText(variable.value);
    }
    return csvLine(cells.map((cell) => cell ?? ""));
  }

  return {
    header: csvLine(columns.map((column) => column.label)),
    rows: (batch: readonly ResultWithAnswers[]): string => batch.map(row).join(""),
  };
}

/** `<bot name>-results.csv`, reduced to characters every client accepts in a quoted filename. */
export function exportFileName(botName: string): string {
  const slug = botName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `${slug || "bot"}-results.csv`;
}
