import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/** Goes back to where the last Jump or event left off. */
export const returnBlockSchema = blockBaseSchema.extend({
  type: z.literal("Return"),
});
export type ReturnBlock = z.infer<typeof returnBlockSchema>;
