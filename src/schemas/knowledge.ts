import { z } from "zod";
import { idSchema } from "./common.js";

export const knowledgeSearchModes = ["fulltext", "vector", "hybrid"] as const;
export const knowledgeSearchModeSchema = z.enum(knowledgeSearchModes).meta({
  description:
    "fulltext: words (BM25); vector: meaning (the embeddings source's vectors); hybrid: both, fused by reciprocal rank (k = 60). Without an embeddings source, every mode searches full text",
});

/** An OpenAI-compatible embeddings API: a workspace AI credential, a model, and optionally another address. */
export const knowledgeEmbeddingsSchema = z
  .object({
    credentialsId: z.string().trim().min(1).max(100).meta({
      description:
        "A workspace credential of an OpenAI-compatible AI provider (openai, mistral, together-ai, groq, deepseek, perplexity, open-router); its key is sent",
    }),
    model: z.string().trim().min(1, "The model must not be empty").max(200),
    baseUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\//, "The base URL starts with http:// or https://")
      .optional()
      .meta({ description: "Replaces the credential's address, e.g. a local Ollama's http://host:11434/v1" }),
  })
  .meta({ id: "KnowledgeEmbeddings" });
export type KnowledgeEmbeddings = z.infer<typeof knowledgeEmbeddingsSchema>;

export const knowledgeBaseSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    searchMode: knowledgeSearchModeSchema,
    embeddings: knowledgeEmbeddingsSchema.optional().meta({ description: "Unset: full-text search only" }),
    documentCount: z.number().int(),
    chunkCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "KnowledgeBase" });
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

export const knowledgeDocumentSchema = z
  .object({
    id: z.string(),
    knowledgeBaseId: z.string(),
    name: z.string().meta({ description: "The document's title once read, else its file name or URL" }),
    source: z.enum(["file", "url"]),
    url: z.string().optional(),
    format: z.string().meta({ description: "pdf, docx, html, markdown or text" }),
    status: z.enum(["queued", "indexing", "ready", "failed"]),
    error: z.string().optional().meta({ description: "Why indexing failed, for the owner" }),
    size: z.number().int().meta({ description: "Bytes (0 for a URL not fetched yet)" }),
    pages: z.number().int().optional(),
    chunkCount: z.number().int(),
    createdAt: z.string(),
    indexedAt: z.string().optional(),
  })
  .meta({ id: "KnowledgeDocument" });
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

export const knowledgeHitSchema = z
  .object({
    chunkId: z.string(),
    documentId: z.string(),
    documentName: z.string(),
    url: z.string().optional(),
    headingPath: z.array(z.string()),
    page: z.number().int().optional(),
    text: z.string(),
    score: z.number().min(0).max(1).meta({
      description:
        "Relevance in [0, 1], higher is better: full text's BM25 mapped into [0, 1), a vector's cosine similarity, or in hybrid search the better of the two",
    }),
  })
  .meta({ id: "KnowledgeHit" });

const nameSchema = z.string().trim().min(1, "Name must not be empty").max(100);
export const knowledgeBaseInputSchema = z.object({
  name: nameSchema,
  searchMode: knowledgeSearchModeSchema.optional(),
  embeddings: knowledgeEmbeddingsSchema.nullable().optional(),
});
/** Only what is given changes; a new embeddings source (or null: none) indexes every document again. */
export const knowledgeBaseUpdateSchema = z.object({
  name: nameSchema.optional(),
  searchMode: knowledgeSearchModeSchema.optional(),
  embeddings: knowledgeEmbeddingsSchema.nullable().optional(),
});

/** At most this many URLs per request. */
export const MAX_URLS_PER_REQUEST = 20;
export const knowledgeUrlsInputSchema = z.object({
  urls: z
    .array(
      z
        .string()
        .trim()
        .max(2000)
        .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "Must be an http(s) URL"),
    )
    .min(1, "Give at least one URL")
    .max(MAX_URLS_PER_REQUEST, `At most ${MAX_URLS_PER_REQUEST} URLs at a time`),
});

export const knowledgeSearchInputSchema = z.object({
  query: z.string().trim().min(1, "The question must not be empty").max(2000),
  limit: z.number().int().min(1).max(50).optional(),
  searchMode: knowledgeSearchModeSchema.optional().meta({ description: "Unset: the base's own" }),
});

export const knowledgeBaseParams = z.object({ workspaceId: idSchema, knowledgeBaseId: idSchema });
export const knowledgeDocumentParams = z.object({
  workspaceId: idSchema,
  knowledgeBaseId: idSchema,
  documentId: idSchema,
});
