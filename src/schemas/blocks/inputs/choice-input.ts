import { z } from "zod";
import { blockBaseSchema, displayConditionSchema, inputOptionsBaseSchema, itemBaseSchema } from "../shared.js";

export const choiceItemSchema = itemBaseSchema.extend({
  content: z.string().optional(),
  /** Internal value saved instead of the displayed content. */
  value: z.string().optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type ChoiceItem = z.infer<typeof choiceItemSchema>;

export const choiceInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("choice input"),
  items: z.array(choiceItemSchema),
  options: inputOptionsBaseSchema
    .extend({
      isMultipleChoice: z.boolean().optional(),
      buttonLabel: z.string().optional(),
      /** A list variable whose values replace the items. */
      dynamicVariableId: z.string().optional(),
      isSearchable: z.boolean().optional(),
      searchInputPlaceholder: z.string().optional(),
      areInitialSearchButtonsVisible: z.boolean().optional(),
    })
    .optional(),
});
export type ChoiceInputBlock = z.infer<typeof choiceInputBlockSchema>;
