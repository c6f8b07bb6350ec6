import { z } from "zod";
import { blockBaseSchema, variableOrNumberSchema } from "../shared.js";

export const googleAnalyticsBlockSchema = blockBaseSchema.extend({
  type: z.literal("Google Analytics"),
  options: z
    .object({
      trackingId: z.string().optional(),
      category: z.string().optional(),
      action: z.string().optional(),
      label: z.string().optional(),
      value: variableOrNumberSchema.optional(),
      sendTo: z.string().optional(),
    })
    .optional(),
});
export type GoogleAnalyticsBlock = z.infer<typeof googleAnalyticsBlockSchema>;
