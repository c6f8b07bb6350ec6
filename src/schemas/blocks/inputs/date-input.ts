import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";

export const dateInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("date input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: z
        .object({
          button: z.string().optional(),
          from: z.string().optional(),
          to: z.string().optional(),
          /** Joins start and end in the answer of a range, e.g. "01/01/2024 to 05/01/2024". */
          separator: z.string().optional(),
        })
        .optional(),
      hasTime: z.boolean().optional(),
      isRange: z.boolean().optional(),
      /** Unicode TR35 (date-fns) pattern of the stored answer. */
      format: z.string().optional(),
      min: z.string().optional(),
      max: z.string().optional(),
    })
    .optional(),
});
export type DateInputBlock = z.infer<typeof dateInputBlockSchema>;
