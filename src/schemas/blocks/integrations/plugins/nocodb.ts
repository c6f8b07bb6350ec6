import { z } from "zod";
import { keyValueRowsSchema, optionalText } from "./shared.js";

/** The NocoDB block's actions, by the names the reference stores. */
export const nocoDbActions = {
  search: "Search Records",
  create: "Create Record",
  update: "Update Existing Record",
} as const;

/** The comparisons a filter row may use; each maps to one NocoDB `where` operator. */
export const nocoDbFilterOperators = [
  "Equal to",
  "Not equal",
  "Contains",
  "Greater than",
  "Less than",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
] as const;
export type NocoDbFilterOperator = (typeof nocoDbFilterOperators)[number];

export const nocoDbReturnTypes = ["All", "First", "Last", "Random"] as const;

export const nocoDbFilterSchema = z.looseObject({
  comparisons: z
    .array(
      z.looseObject({ input: optionalText, operator: z.enum(nocoDbFilterOperators).optional(), value: optionalText }),
    )
    .optional(),
  joiner: z.enum(["AND", "OR"]).optional(),
});
export type NocoDbFilter = z.infer<typeof nocoDbFilterSchema>;

const fieldRowsSchema = z.array(z.looseObject({ fieldName: optionalText, value: optionalText })).optional();

export const nocoDbOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  tableId: optionalText,
  viewId: optionalText,
  returnType: z.enum(nocoDbReturnTypes).optional(),
  filter: nocoDbFilterSchema.optional(),
  /** Search: a record's field into a variable (one value, or a list when several records match). */
  responseMapping: z.array(z.looseObject({ fieldName: optionalText, variableId: optionalText })).optional(),
  /** Create: the new record's fields. */
  fields: keyValueRowsSchema,
  /** Update: the fields every matching record gets. */
  updates: fieldRowsSchema,
});
export type NocoDbOptions = z.infer<typeof nocoDbOptionsSchema>;
