import { AppError, notFound } from "../../errors.js";
import { createId } from "../../lib/ids.js";
import { documentFormatOf } from "../../integrations/knowledge/documents/index.js";
import type { KnowledgeDocument } from "../../schemas/knowledge.js";
import type { NewKnowledgeDocument } from "../../store/knowledge-documents-repository.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { requireKnowledgeBase } from "./knowledge-bases.js";
import { toKnowledgeDocument } from "./knowledge-view.js";

/** A file of an upload, read whole (each at most the document size limit). */
export type UploadedDocument = { fileName: string; contentType?: string; bytes: Uint8Array };

/** Where a document's bytes are kept: a folder of the base, out of the public `/files/<folder>/<name>` routes' reach. */
export const knowledgeContentKey = (knowledgeBaseId: string, documentId: string) =>
  `.knowledge/${knowledgeBaseId}/${documentId}`;

async function assertRoom(ctx: AppContext, knowledgeBaseId: string, adding: number) {
  const limit = ctx.config.knowledge.maxDocumentsPerBase;
  if ((await ctx.knowledge.documents.countForBase(knowledgeBaseId)) + adding > limit)
    throw new AppError("CONFLICT", `A knowledge base holds at most ${limit} documents`);
}

async function queued(ctx: AppContext, knowledgeBaseId: string, documents: NewKnowledgeDocument[]) {
  const rows = await ctx.knowledge.documents.add(documents);
  await ctx.knowledge.bases.touch(knowledgeBaseId);
  ctx.knowledge.wakeup.notify();
  return rows.map(toKnowledgeDocument);
}

/**
 * Files are checked before anything is stored: one of a format no reader knows refuses the whole
 * upload (415), so the owner never finds half of it added.
 */
export async function addFileDocuments(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
  files: UploadedDocument[],
): Promise<KnowledgeDocument[]> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  if (files.length === 0) throw new AppError("BAD_REQUEST", "Send at least one file");
  const formats = files.map((file) => {
    const format = documentFormatOf(file.fileName, file.contentType);
    if (!format)
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `${file.fileName} is not a document this server reads (PDF, DOCX, HTML, Markdown or text)`,
      );
    return format;
  });
  await assertRoom(ctx, knowledgeBaseId, files.length);
  const documents: NewKnowledgeDocument[] = [];
  for (const [index, file] of files.entries()) {
    const id = createId();
    const contentKey = knowledgeContentKey(knowledgeBaseId, id);
    await ctx.files.put(contentKey, [file.bytes], file.contentType ? { contentType: file.contentType } : {});
    documents.push({
      id,
      knowledgeBaseId,
      name: file.fileName,
      source: "file",
      url: null,
      format: formats[index]!,
      size: file.bytes.byteLength,
      contentKey,
    });
  }
  return queued(ctx, knowledgeBaseId, documents);
}

/** Web pages: fetched by the indexing job (through the SSRF guard), not by the request. */
export async function addUrlDocuments(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
  urls: string[],
): Promise<KnowledgeDocument[]> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  await assertRoom(ctx, knowledgeBaseId, urls.length);
  return queued(
    ctx,
    knowledgeBaseId,
    urls.map((url) => ({
      knowledgeBaseId,
      name: url,
      source: "url",
      url,
      // Known once fetched (its Content-Type); most pages are HTML.
      format: documentFormatOf(new URL(url).pathname) ?? "html",
      size: 0,
      contentKey: null,
    })),
  );
}

export async function listKnowledgeDocuments(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
): Promise<KnowledgeDocument[]> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  return (await ctx.knowledge.documents.listForBase(knowledgeBaseId)).map(toKnowledgeDocument);
}

async function requireDocument(
  ctx: AppContext,
  caller: Caller,
  params: { workspaceId: string; knowledgeBaseId: string; documentId: string },
) {
  await requireKnowledgeBase(ctx, caller, params.workspaceId, params.knowledgeBaseId);
  const document = await ctx.knowledge.documents.find(params.knowledgeBaseId, params.documentId);
  if (!document) throw notFound("Document not found");
  return document;
}

/** Queued again; a job still working on it can no longer write its result. */
export async function reindexKnowledgeDocument(
  ctx: AppContext,
  caller: Caller,
  params: { workspaceId: string; knowledgeBaseId: string; documentId: string },
): Promise<KnowledgeDocument> {
  const document = await requireDocument(ctx, caller, params);
  const row = await ctx.knowledge.documents.requeue(document.id);
  ctx.knowledge.wakeup.notify();
  return toKnowledgeDocument(row);
}

export async function deleteKnowledgeDocument(
  ctx: AppContext,
  caller: Caller,
  params: { workspaceId: string; knowledgeBaseId: string; documentId: string },
): Promise<void> {
  const document = await requireDocument(ctx, caller, params);
  const key = await ctx.knowledge.documents.delete(document.id);
  await ctx.knowledge.bases.touch(params.knowledgeBaseId);
  if (key) await ctx.files.delete([key]);
}
