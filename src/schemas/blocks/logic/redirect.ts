import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const redirectBlockSchema = blockBaseSchema.extend({
  type: z.literal("Redirect"),
  options: z
    .object({
      url: z.string().optional(),
      isNewTab: z.boolean().optional(),
    })
    .optional(),
});
export type RedirectBlock = z.infer<typeof redirectBlockSchema>;
