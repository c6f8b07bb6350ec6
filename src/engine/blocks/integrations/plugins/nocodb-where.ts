import type { NocoDbFilter, NocoDbFilterOperator } from "../../../../schemas/blocks/integrations/plugins/nocodb.js";

/** Each comparison of the block as NocoDB's `(column,operator,value)`; text comparisons use `like` patterns. */
const conditions: Record<NocoDbFilterOperator, (column: string, value: string) => string> = {
  "Equal to": (column, value) => `(${column},eq,${value})`,
  "Not equal": (column, value) => `(${column},neq,${value})`,
  Contains: (column, value) => `(${column},like,%${value}%)`,
  "Greater than": (column, value) => `(${column},gt,${value})`,
  "Less than": (column, value) => `(${column},lt,${value})`,
  "Is set": (column) => `(${column},isnot,null)`,
  "Is empty": (column) => `(${column},is,null)`,
  "Starts with": (column, value) => `(${column},like,${value}%)`,
  "Ends with": (column, value) => `(${column},like,%${value})`,
};

/**
 * The `where` parameter of NocoDB's records API for the block's filter, e.g.
 * `(Name,eq,Ann)~and(Age,gt,30)`. Rows without a column are left out; a row without an operator
 * compares for equality. Undefined when no row is left (every record matches).
 */
export function nocoDbWhere(filter: NocoDbFilter | undefined): string | undefined {
  const joiner = filter?.joiner === "OR" ? "~or" : "~and";
  const parts = (filter?.comparisons ?? []).flatMap((comparison) => {
    const column = comparison.input?.trim();
    if (!column) return [];
    return [conditions[comparison.operator ?? "Equal to"](column, comparison.value ?? "")];
  });
  return parts.length ? parts.join(joiner) : undefined;
}
