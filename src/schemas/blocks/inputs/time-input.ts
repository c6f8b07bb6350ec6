import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";

export const timeInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("time input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: z.object({ button: z.string().optional() }).optional(),
      /** Unicode TR35 (date-fns) pattern of the stored answer. */
      format: z.string().optional(),
    })
    .optional(),
});
export type TimeInputBlock = z.infer<typeof timeInputBlockSchema>;
