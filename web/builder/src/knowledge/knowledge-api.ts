import type { RouteOutput } from "../../../shared/api-client.js";
import { api, csrfHeader } from "../lib/api";
import { errorFromResponse } from "../../../shared/api-client.js";

export type KnowledgeBase = RouteOutput<"listKnowledgeBases">["knowledgeBases"][number];
export type KnowledgeDocument = RouteOutput<"listKnowledgeDocuments">["documents"][number];
export type KnowledgeHit = RouteOutput<"searchKnowledgeBase">["hits"][number];

/** Files go as one multipart form (the API client speaks JSON only). */
export async function uploadDocuments(workspaceId: string, knowledgeBaseId: string, files: File[]): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  const response = await fetch(api.url("uploadKnowledgeDocuments", { params: { workspaceId, knowledgeBaseId } }), {
    method: "POST",
    credentials: "same-origin",
    headers: csrfHeader(),
    body: form,
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw errorFromResponse(response.status, response.statusText, body);
  }
}
