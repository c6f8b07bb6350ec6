import { z } from "zod";
import { blockBaseSchema, conditionSchema, itemBaseSchema } from "../shared.js";

/** One branch: the first item whose condition holds wins; the block's own edge is the "else" path. */
export const conditionItemSchema = itemBaseSchema.extend({
  content: conditionSchema.optional(),
});
export type ConditionItem = z.infer<typeof conditionItemSchema>;

export const conditionBlockSchema = blockBaseSchema.extend({
  type: z.literal("Condition"),
  items: z.array(conditionItemSchema),
});
export type ConditionBlock = z.infer<typeof conditionBlockSchema>;
