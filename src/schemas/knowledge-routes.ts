import { z } from "zod";
import { route, workspaceIdParams } from "./route-contract.js";
import {
  knowledgeBaseInputSchema,
  knowledgeBaseParams,
  knowledgeBaseSchema,
  knowledgeBaseUpdateSchema,
  knowledgeDocumentParams,
  knowledgeDocumentSchema,
  knowledgeHitSchema,
  knowledgeSearchInputSchema,
  knowledgeUrlsInputSchema,
} from "./knowledge.js";

const tags = ["Knowledge bases"] as const;

/** A workspace's knowledge bases and their documents (docs/knowledge-bases.md). */
export const knowledgeRouteContracts = {
  listKnowledgeBases: route("listKnowledgeBases", {
    summary: "List the workspace's knowledge bases, oldest first, with their document and chunk counts",
    tags,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ knowledgeBases: z.array(knowledgeBaseSchema) }),
  }),
  createKnowledgeBase: route("createKnowledgeBase", {
    summary: "Create a knowledge base",
    tags,
    auth: "token",
    params: workspaceIdParams,
    body: knowledgeBaseInputSchema,
    successStatus: 201,
    response: z.object({ knowledgeBase: knowledgeBaseSchema }),
  }),
  getKnowledgeBase: route("getKnowledgeBase", {
    summary: "Get one knowledge base",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    response: z.object({ knowledgeBase: knowledgeBaseSchema }),
  }),
  updateKnowledgeBase: route("updateKnowledgeBase", {
    summary:
      "Rename a knowledge base, or change its search mode or embeddings source (a new source indexes every document again)",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    body: knowledgeBaseUpdateSchema,
    response: z.object({ knowledgeBase: knowledgeBaseSchema }),
  }),
  deleteKnowledgeBase: route("deleteKnowledgeBase", {
    summary: "Delete a knowledge base with its documents (bots that use it then find nothing)",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    successStatus: 204,
    response: z.undefined(),
  }),
  listKnowledgeDocuments: route("listKnowledgeDocuments", {
    summary: "List a knowledge base's documents with their indexing status",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    response: z.object({ documents: z.array(knowledgeDocumentSchema) }),
  }),
  uploadKnowledgeDocuments: route("uploadKnowledgeDocuments", {
    summary:
      "Add documents: one or more files (PDF, DOCX, HTML, Markdown, text) as multipart/form-data parts; each is queued for indexing",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    rawBody: { contentType: "multipart/form-data", description: "One part per file, each with its file name" },
    successStatus: 202,
    response: z.object({ documents: z.array(knowledgeDocumentSchema) }),
  }),
  addKnowledgeUrls: route("addKnowledgeUrls", {
    summary: "Add web pages by URL: each is fetched (through the SSRF guard) and indexed",
    tags,
    auth: "token",
    params: knowledgeBaseParams,
    body: knowledgeUrlsInputSchema,
    successStatus: 202,
    response: z.object({ documents: z.array(knowledgeDocumentSchema) }),
  }),
  reindexKnowledgeDocument: route("reindexKnowledgeDocument", {
    summary: "Index a document again (a URL is fetched again)",
    tags,
    auth: "token",
    params: knowledgeDocumentParams,
    successStatus: 202,
    response: z.object({ document: knowledgeDocumentSchema }),
  }),
  deleteKnowledgeDocument: route("deleteKnowledgeDocument", {
    summary: "Delete a document and its passages",
    tags,
    auth: "token",
    params: knowledgeDocumentParams,
    successStatus: 204,
    response: z.undefined(),
  }),
  searchKnowledgeBase: route("searchKnowledgeBase", {
    summary: "Search a knowledge base as a bot would: the passages a question retrieves, best first",
    tags,
    auth: "token",
    access: "read",
    params: knowledgeBaseParams,
    body: knowledgeSearchInputSchema,
    response: z.object({ hits: z.array(knowledgeHitSchema) }),
  }),
};
