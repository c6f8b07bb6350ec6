import { z } from "zod";
import { blockBaseSchema, displayConditionSchema, inputOptionsBaseSchema, itemBaseSchema } from "../shared.js";

export const pictureChoiceItemSchema = itemBaseSchema.extend({
  pictureSrc: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  value: z.string().optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type PictureChoiceItem = z.infer<typeof pictureChoiceItemSchema>;

export const pictureChoiceInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("picture choice input"),
  items: z.array(pictureChoiceItemSchema),
  options: inputOptionsBaseSchema
    .extend({
      isMultipleChoice: z.boolean().optional(),
      isSearchable: z.boolean().optional(),
      buttonLabel: z.string().optional(),
      searchInputPlaceholder: z.string().optional(),
      /** Builds one item per entry of list variables instead of using `items`. */
      dynamicItems: z
        .object({
          isEnabled: z.boolean().optional(),
          titlesVariableId: z.string().optional(),
          descriptionsVariableId: z.string().optional(),
          pictureSrcsVariableId: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type PictureChoiceInputBlock = z.infer<typeof pictureChoiceInputBlockSchema>;
