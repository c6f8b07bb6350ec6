import { z } from "zod";
import { blockBaseSchema } from "../shared.js";
import { knowledgeRetrievalOptionsSchema } from "./knowledge-options.js";

/** Retrieval only: the passages a question finds in a knowledge base, into variables, for authors who write their own prompt. */
export const searchKnowledgeBlockSchema = blockBaseSchema.extend({
  type: z.literal("search knowledge"),
  options: knowledgeRetrievalOptionsSchema
    .extend({
      /** Receives the passages' texts as a list, best first. */
      hitsVariableId: z.string().optional(),
      /** Receives the best passage's score, in [0, 1]. */
      bestScoreVariableId: z.string().optional(),
    })
    .optional(),
});
export type SearchKnowledgeBlock = z.infer<typeof searchKnowledgeBlockSchema>;
