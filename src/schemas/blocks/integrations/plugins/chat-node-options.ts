import { z } from "zod";

const text = z.string().optional();

export const chatNodeActions = { sendMessage: "Send Message" } as const;
export const chatNodeResponseItems = ["Message", "Thread ID"] as const;

/** ChatNode "Send Message", as the reference stores it. */
export const chatNodeOptionsSchema = z.looseObject({
  credentialsId: text,
  action: text,
  botId: text,
  threadId: text,
  message: text,
  responseMapping: z
    .array(z.looseObject({ item: z.enum(chatNodeResponseItems).optional(), variableId: text }))
    .optional(),
});
export type ChatNodeOptions = z.infer<typeof chatNodeOptionsSchema>;
