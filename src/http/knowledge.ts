import { AppError } from "../errors.js";
import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import {
  createKnowledgeBase,
  deleteKnowledgeBase,
  getKnowledgeBase,
  listKnowledgeBases,
  updateKnowledgeBase,
  searchKnowledgeBase,
} from "../services/knowledge/knowledge-bases.js";
import {
  addFileDocuments,
  addUrlDocuments,
  deleteKnowledgeDocument,
  listKnowledgeDocuments,
  reindexKnowledgeDocument,
} from "../services/knowledge/knowledge-documents.js";
import { multipartBoundary, readMultipartFiles } from "./multipart.js";
import { defineRoute } from "./route.js";
import type { Readable } from "node:stream";

/** Files per upload request (the builder sends a drop of several files as one). */
const MAX_FILES_PER_UPLOAD = 10;

export function knowledgeRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.listKnowledgeBases,
      handler: async ({ caller, params }) => ({
        knowledgeBases: await listKnowledgeBases(ctx, caller!, params.workspaceId),
      }),
    }),
    defineRoute({
      ...apiRoutes.createKnowledgeBase,
      handler: async ({ caller, params, body }) => ({
        knowledgeBase: await createKnowledgeBase(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.getKnowledgeBase,
      handler: async ({ caller, params }) => ({
        knowledgeBase: await getKnowledgeBase(ctx, caller!, params.workspaceId, params.knowledgeBaseId),
      }),
    }),
    defineRoute({
      ...apiRoutes.updateKnowledgeBase,
      handler: async ({ caller, params, body }) => ({
        knowledgeBase: await updateKnowledgeBase(ctx, caller!, params.workspaceId, params.knowledgeBaseId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteKnowledgeBase,
      handler: ({ caller, params }) => deleteKnowledgeBase(ctx, caller!, params.workspaceId, params.knowledgeBaseId),
    }),
    defineRoute({
      ...apiRoutes.listKnowledgeDocuments,
      handler: async ({ caller, params }) => ({
        documents: await listKnowledgeDocuments(ctx, caller!, params.workspaceId, params.knowledgeBaseId),
      }),
    }),
    defineRoute({
      ...apiRoutes.addKnowledgeUrls,
      handler: async ({ caller, params, body }) => ({
        documents: await addUrlDocuments(ctx, caller!, params.workspaceId, params.knowledgeBaseId, body.urls),
      }),
    }),
    defineRoute({
      ...apiRoutes.reindexKnowledgeDocument,
      handler: async ({ caller, params }) => ({ document: await reindexKnowledgeDocument(ctx, caller!, params) }),
    }),
    defineRoute({
      ...apiRoutes.deleteKnowledgeDocument,
      handler: ({ caller, params }) => deleteKnowledgeDocument(ctx, caller!, params),
    }),
    defineRoute({
      ...apiRoutes.searchKnowledgeBase,
      handler: async ({ caller, params, body }) => ({
        hits: await searchKnowledgeBase(ctx, caller!, params.workspaceId, params.knowledgeBaseId, body),
      }),
    }),
  ];
}

/** The upload route: its body stays a stream, read part by part with a size cap (see streamedBodyRoutes in app.ts). */
export function knowledgeUploadRoute(ctx: AppContext) {
  return defineRoute({
    ...apiRoutes.uploadKnowledgeDocuments,
    handler: async ({ caller, params, request }) => {
      const boundary = multipartBoundary(request.headers["content-type"]);
      if (!boundary) {
        (request.body as Readable | undefined)?.resume();
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the documents as multipart/form-data");
      }
      const files = await readMultipartFiles(request.body as Readable, boundary, {
        maxFileBytes: ctx.config.knowledge.maxDocumentBytes,
        maxFiles: MAX_FILES_PER_UPLOAD,
      });
      return { documents: await addFileDocuments(ctx, caller!, params.workspaceId, params.knowledgeBaseId, files) };
    },
  });
}
