import { z } from "zod";
import { blockBaseSchema, itemBaseSchema } from "../shared.js";
import { aiBlockProviders } from "./ai/ai-options.js";
import { knowledgeRetrievalOptionsSchema } from "./knowledge-options.js";

/**
 * Answers the visitor's question from a knowledge base: the best passages go to a model (any AI
 * provider), which answers citing them as [1], [2]…; the answer and its sources are shown and saved.
 * Its one item is the **no good match** exit, taken when no passage scores at least `threshold`.
 */
export const knowledgeAnswerBlockSchema = blockBaseSchema.extend({
  type: z.literal("knowledge answer"),
  items: z.tuple([itemBaseSchema]),
  options: knowledgeRetrievalOptionsSchema
    .extend({
      /** The lowest best-passage score that is answered, in [0, 1]. */
      threshold: z.number().min(0).max(1).optional(),
      provider: z.enum(aiBlockProviders).optional(),
      credentialsId: z.string().optional(),
      model: z.string().optional(),
      /** Added to the system prompt (tone, language, what to say when unsure). */
      instructions: z.string().optional(),
      answerVariableId: z.string().optional(),
    })
    .optional(),
});
export type KnowledgeAnswerBlock = z.infer<typeof knowledgeAnswerBlockSchema>;
