import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const waitBlockSchema = blockBaseSchema.extend({
  type: z.literal("Wait"),
  options: z
    .object({
      /** Text, so it may hold `{{variables}}`. */
      secondsToWaitFor: z.string().optional(),
      shouldPause: z.boolean().optional(),
    })
    .optional(),
});
export type WaitBlock = z.infer<typeof waitBlockSchema>;
