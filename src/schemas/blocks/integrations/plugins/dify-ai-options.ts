import { z } from "zod";
import { chatCompletionResponseItems } from "../ai/ai-options.js";

const text = z.string().optional();

export const difyActions = { chatMessage: "Create Chat Message", queryKnowledgeBase: "Query Knowledge Base" } as const;

/** The mapping items of a chat message; bots saved before the shared AI items still say "Answer" / "Total Tokens". */
export const difyChatResponseItems = [...chatCompletionResponseItems, "Conversation ID"] as const;
export const difyLegacyResponseItems = { Answer: "Message content", "Total Tokens": "Total tokens" } as const;
/** The reference's hidden default user. */
export const difyDefaultUser = "system@typebot.io";

export const difyChatOptionsSchema = z.looseObject({
  credentialsId: text,
  action: text,
  query: text,
  conversationVariableId: text,
  user: text,
  inputs: z.array(z.looseObject({ key: text, value: text })).optional(),
  responseMapping: z
    .array(
      z.looseObject({
        item: z.enum([...difyChatResponseItems, "Answer", "Total Tokens"]).optional(),
        variableId: text,
      }),
    )
    .optional(),
});
export type DifyChatOptions = z.infer<typeof difyChatOptionsSchema>;

export const difyKnowledgeBaseOptionsSchema = z.looseObject({
  credentialsId: text,
  action: text,
  datasetId: text,
  query: text,
  responseMapping: z
    .array(z.looseObject({ item: z.enum(["Retrieved chunks"]).optional(), variableId: text }))
    .optional(),
});

/** The block's options: both actions' fields; the mapping items are those of either action. */
export const difyAiOptionsSchema = difyChatOptionsSchema.extend({
  ...difyKnowledgeBaseOptionsSchema.shape,
  responseMapping: z
    .array(
      z.looseObject({
        item: z.enum([...difyChatResponseItems, "Answer", "Total Tokens", "Retrieved chunks"]).optional(),
        variableId: text,
      }),
    )
    .optional(),
});
export type DifyAiOptions = z.infer<typeof difyAiOptionsSchema>;
