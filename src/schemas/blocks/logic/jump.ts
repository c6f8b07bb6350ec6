import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const jumpBlockSchema = blockBaseSchema.extend({
  type: z.literal("Jump"),
  options: z
    .object({
      /** A group id, or a single `{{variable}}` holding a group title. */
      groupId: z.string().optional(),
      blockId: z.string().optional(),
    })
    .optional(),
});
export type JumpBlock = z.infer<typeof jumpBlockSchema>;
