import { z } from "zod";
import { blockBaseSchema, comparisonOperators, logicalOperators } from "../shared.js";

export const googleSheetsActions = ["Get data from sheet", "Insert a row", "Update a row"] as const;
export type GoogleSheetsAction = (typeof googleSheetsActions)[number];

export const totalRowsToExtractOptions = ["All", "First", "Last", "Random"] as const;

const cellSchema = z.object({
  id: z.string(),
  column: z.string().optional(),
  value: z.string().optional(),
});

const rowsFilterSchema = z.object({
  comparisons: z
    .array(
      z.object({
        id: z.string(),
        column: z.string().optional(),
        comparisonOperator: z.enum(comparisonOperators).optional(),
        value: z.string().optional(),
      }),
    )
    .optional(),
  logicalOperator: z.enum(logicalOperators).optional(),
});

/** One flat option object; `action` decides which of the action fields are read. */
export const googleSheetsBlockSchema = blockBaseSchema.extend({
  type: z.literal("Google Sheets"),
  options: z
    .object({
      credentialsId: z.string().optional(),
      spreadsheetId: z.string().optional(),
      sheetId: z.string().optional(),
      action: z.enum(googleSheetsActions).optional(),
      // "Get data from sheet" and "Update a row"
      filter: rowsFilterSchema.optional(),
      // "Get data from sheet"
      cellsToExtract: z
        .array(
          z.object({
            id: z.string(),
            column: z.string().optional(),
            variableId: z.string().optional(),
          }),
        )
        .optional(),
      totalRowsToExtract: z.enum(totalRowsToExtractOptions).optional(),
      // "Insert a row"
      cellsToInsert: z.array(cellSchema).optional(),
      // "Update a row"
      cellsToUpsert: z.array(cellSchema).optional(),
    })
    .optional(),
});
export type GoogleSheetsBlock = z.infer<typeof googleSheetsBlockSchema>;
