import type { RouteOutput } from "../../../shared/api-client.js";
import { api, postForm } from "../lib/api";

export type KnowledgeBase = RouteOutput<"listKnowledgeBases">["knowledgeBases"][number];
export type KnowledgeDocument = RouteOutput<"listKnowledgeDocuments">["documents"][number];
export type KnowledgeHit = RouteOutput<"searchKnowledgeBase">["hits"][number];

/** Files go as one multipart form, one "file" part each. */
export async function uploadDocuments(workspaceId: string, knowledgeBaseId: string, files: File[]): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  await postForm(api.url("uploadKnowledgeDocuments", { params: { workspaceId, knowledgeBaseId } }), form);
}
