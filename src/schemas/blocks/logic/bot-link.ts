import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/** `botId` value that links the bot to itself. */
export const currentBotId = "current";

export const botLinkBlockSchema = blockBaseSchema.extend({
  type: z.literal("Bot link"),
  options: z
    .object({
      /** A bot id, or "current". */
      botId: z.string().optional(),
      /** A group id, or a single `{{variable}}` holding a group title. */
      groupId: z.string().optional(),
      mergeResults: z.boolean().optional(),
    })
    .optional(),
});
export type BotLinkBlock = z.infer<typeof botLinkBlockSchema>;
