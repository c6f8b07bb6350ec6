import { z } from "zod";
import { blockBaseSchema, variableOrNumberSchema } from "../shared.js";

export const embedBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("embed"),
  content: z
    .object({
      url: z.string().optional(),
      height: variableOrNumberSchema.optional(),
      /** When enabled, the chat pauses on this embed until the page posts the named event. */
      waitForEvent: z
        .object({
          isEnabled: z.boolean().optional(),
          name: z.string().optional(),
          saveDataInVariableId: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type EmbedBubbleBlock = z.infer<typeof embedBubbleBlockSchema>;
