import { z } from "zod";
import { idSchema } from "./common.js";

export const knowledgeBaseSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
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
    score: z.number().min(0).max(1).meta({ description: "Full-text relevance mapped into [0, 1], higher is better" }),
  })
  .meta({ id: "KnowledgeHit" });

const nameSchema = z.string().trim().min(1, "Name must not be empty").max(100);
export const knowledgeBaseInputSchema = z.object({ name: nameSchema });

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
});

export const knowledgeBaseParams = z.object({ workspaceId: idSchema, knowledgeBaseId: idSchema });
export const knowledgeDocumentParams = z.object({
  workspaceId: idSchema,
  knowledgeBaseId: idSchema,
  documentId: idSchema,
});
