import { z } from "zod";
import { blockBaseSchema, itemBaseSchema } from "../shared.js";

export const abTestItemSchema = itemBaseSchema.extend({
  path: z.enum(["a", "b"]),
});
export type AbTestItem = z.infer<typeof abTestItemSchema>;

export const abTestBlockSchema = blockBaseSchema.extend({
  type: z.literal("AB test"),
  /** Exactly two paths, A then B. */
  items: z.tuple([itemBaseSchema.extend({ path: z.literal("a") }), itemBaseSchema.extend({ path: z.literal("b") })]),
  options: z
    .object({
      /** Share of runs sent to path A, in percent. */
      aPercent: z.number().min(0).max(100).optional(),
    })
    .optional(),
});
export type AbTestBlock = z.infer<typeof abTestBlockSchema>;
