import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const setVariableValueTypes = [
  "Custom",
  "Empty",
  "Append value(s)",
  "Environment name",
  "Device type",
  "Transcript",
  "User ID",
  "Result ID",
  "Now",
  "Today",
  "Yesterday",
  "Tomorrow",
  "Random ID",
  "Moment of the day",
  "Map item with same index",
  "Pop",
  "Shift",
  "Phone number",
  "Contact name",
  "Referral Click ID",
  "Referral Source ID",
] as const;
export type SetVariableValueType = (typeof setVariableValueTypes)[number];

/** Kinds whose value only exists in the session; their target variable is never saved in results. */
export const sessionOnlySetVariableTypes = ["Transcript"] as const;

/**
 * One flat option object for every value kind: each kind reads only its own fields, and a flat shape
 * keeps the type simple for executors (the reference splits it by `type`, with the same fields).
 */
export const setVariableBlockSchema = blockBaseSchema.extend({
  type: z.literal("Set variable"),
  options: z
    .object({
      variableId: z.string().optional(),
      type: z.enum(setVariableValueTypes).optional(),
      isExecutedOnClient: z.boolean().optional(),
      /** Set on imported bots so their code does not run in preview with the editor's rights. */
      isUnsafe: z.boolean().optional(),
      // "Custom"
      expressionToEvaluate: z.string().optional(),
      isCode: z.boolean().optional(),
      expressionDescription: z.string().optional(),
      saveErrorInVariableId: z.string().optional(),
      // "Now", "Yesterday", "Tomorrow"
      timeZone: z.string().optional(),
      // "Append value(s)"
      item: z.string().optional(),
      // "Map item with same index"
      mapListItemParams: z
        .object({
          baseItemVariableId: z.string().optional(),
          baseListVariableId: z.string().optional(),
          targetListVariableId: z.string().optional(),
        })
        .optional(),
      // "Pop", "Shift"
      saveItemInVariableId: z.string().optional(),
    })
    .optional(),
});
export type SetVariableBlock = z.infer<typeof setVariableBlockSchema>;
