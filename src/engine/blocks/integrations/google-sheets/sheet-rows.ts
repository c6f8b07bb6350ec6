import type { GoogleSheetsBlock } from "../../../../schemas/blocks/integrations/google-sheets.js";
import { compareValues } from "../../../conditions/evaluate-condition.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";

type Options = NonNullable<GoogleSheetsBlock["options"]>;
export type RowsFilter = NonNullable<Options["filter"]>;
/** A data row with its place in the sheet (0 is the header row). */
export type NumberedRow = { index: number; cells: string[] };

/** The filter's comparisons that can be checked: a column and an operator, the value templated. */
export function usableComparisons(filter: RowsFilter | undefined, variables: readonly VariableLike[]) {
  return (filter?.comparisons ?? []).flatMap((comparison) =>
    comparison.column && comparison.comparisonOperator
      ? [
          {
            column: comparison.column,
            operator: comparison.comparisonOperator,
            value: substituteVariables(comparison.value ?? "", variables),
          },
        ]
      : [],
  );
}

/**
 * The data rows the filter keeps: all of its comparisons ("AND", the default the builder shows) or any ("OR");
 * each compares the row's cell under the column with the value, as a Condition block compares. No filter: all rows.
 */
export function matchingRows(
  rows: string[][],
  filter: RowsFilter | undefined,
  variables: readonly VariableLike[],
): NumberedRow[] {
  const [header = [], ...data] = rows;
  const numbered = data.map((cells, offset) => ({ index: offset + 1, cells }));
  const comparisons = usableComparisons(filter, variables);
  if (comparisons.length === 0) return numbered;
  const holds = (row: NumberedRow) => (comparison: (typeof comparisons)[number]) => {
    const column = header.indexOf(comparison.column);
    return column >= 0 && compareValues(comparison.operator, row.cells[column] ?? "", comparison.value);
  };
  return numbered.filter((row) =>
    filter?.logicalOperator === "OR" ? comparisons.some(holds(row)) : comparisons.every(holds(row)),
  );
}

/** All/First/Last/Random of the matching rows. */
export function pickRows(
  rows: NumberedRow[],
  total: Options["totalRowsToExtract"],
  random: () => number,
): NumberedRow[] {
  if (rows.length === 0) return rows;
  switch (total) {
    case "First":
      return rows.slice(0, 1);
    case "Last":
      return rows.slice(-1);
    case "Random":
      return [rows[Math.floor(random() * rows.length)]];
    default:
      return rows;
  }
}
