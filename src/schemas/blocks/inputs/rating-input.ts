import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema, variableOrNumberSchema } from "../shared.js";

export const ratingButtonTypes = ["Icons", "Numbers"] as const;

export const ratingInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("rating input"),
  options: inputOptionsBaseSchema
    .extend({
      buttonType: z.enum(ratingButtonTypes).optional(),
      length: z.number().optional(),
      startsAt: variableOrNumberSchema.optional(),
      labels: z
        .object({
          left: z.string().optional(),
          right: z.string().optional(),
          button: z.string().optional(),
        })
        .optional(),
      customIcon: z
        .object({
          isEnabled: z.boolean().optional(),
          svg: z.string().optional(),
        })
        .optional(),
      isOneClickSubmitEnabled: z.boolean().optional(),
    })
    .optional(),
});
export type RatingInputBlock = z.infer<typeof ratingInputBlockSchema>;
