import { z } from "zod";

/** The most passages a knowledge block retrieves. */
export const MAX_KNOWLEDGE_LIMIT = 20;

/** Options both knowledge blocks share: the base, the question (`{{variables}}`; empty: the last answer), how many passages. */
export const knowledgeRetrievalOptionsSchema = z.object({
  knowledgeBaseId: z.string().optional(),
  /** Text with `{{variables}}`; unset or empty: the visitor's last answer. */
  query: z.string().optional(),
  limit: z.number().int().min(1).max(MAX_KNOWLEDGE_LIMIT).optional(),
  /** fulltext | vector | hybrid; unset: the knowledge base's own mode. */
  searchMode: z.enum(["fulltext", "vector", "hybrid"]).optional(),
  /** Receives the sources as a list: "Document › Heading (p. N)", or the page's URL. */
  sourcesVariableId: z.string().optional(),
});
