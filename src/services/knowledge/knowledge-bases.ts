import { AppError, notFound } from "../../errors.js";
import type { KnowledgeHit } from "../../engine/ports.js";
import type { KnowledgeBase, KnowledgeEmbeddings } from "../../schemas/knowledge.js";
import type { KnowledgeSearchMode } from "../../store/knowledge-tables.js";
import { credentialsKit } from "../../integrations/credentials/credentials-kit.js";
import { checkEmbeddingsCredentials } from "./knowledge-embeddings.js";
import { retrieve } from "./knowledge-retrieval.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { requireWorkspace } from "../workspaces.js";
import { toKnowledgeBase, toKnowledgeHit } from "./knowledge-view.js";

/** Passages the builder's test box shows when it asks for no particular number. */
const DEFAULT_SEARCH_LIMIT = 5;

/** The base when the caller is a member of its workspace; else 404 (another workspace's stay invisible). */
export async function requireKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
) {
  await requireWorkspace(ctx, caller, workspaceId);
  const base = await ctx.knowledge.bases.find(workspaceId, knowledgeBaseId);
  if (!base) throw notFound("Knowledge base not found");
  return base;
}

export async function listKnowledgeBases(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
): Promise<KnowledgeBase[]> {
  await requireWorkspace(ctx, caller, workspaceId);
  return (await ctx.knowledge.bases.listForWorkspace(workspaceId)).map(toKnowledgeBase);
}

export async function createKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { name: string; searchMode?: KnowledgeSearchMode; embeddings?: KnowledgeEmbeddings | null },
): Promise<KnowledgeBase> {
  await requireWorkspace(ctx, caller, workspaceId);
  await checkEmbeddingsCredentials(credentialsKit(ctx.config, ctx.store).repository, workspaceId, input.embeddings);
  return toKnowledgeBase(
    await ctx.knowledge.bases.create({
      workspaceId,
      name: input.name,
      ...(input.searchMode ? { searchMode: input.searchMode } : {}),
      embeddings: input.embeddings ?? null,
    }),
  );
}

export async function getKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
): Promise<KnowledgeBase> {
  return toKnowledgeBase(await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId));
}

/** A new embeddings source queues every document again: the indexer is woken. */
export async function updateKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
  input: {
    name?: string | undefined;
    searchMode?: KnowledgeSearchMode | undefined;
    embeddings?: KnowledgeEmbeddings | null | undefined;
  },
): Promise<KnowledgeBase> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  await checkEmbeddingsCredentials(credentialsKit(ctx.config, ctx.store).repository, workspaceId, input.embeddings);
  const requeued = await ctx.knowledge.bases.update(knowledgeBaseId, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.searchMode !== undefined ? { searchMode: input.searchMode } : {}),
    ...(input.embeddings !== undefined ? { embeddings: input.embeddings } : {}),
  });
  if (requeued) ctx.knowledge.wakeup.notify();
  return getKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
}

/** The stored bytes go after the rows: a failure there leaves unreferenced files, never rows without bytes. */
export async function deleteKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
): Promise<void> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  const keys = await ctx.knowledge.bases.delete(knowledgeBaseId);
  await ctx.files.delete(keys);
}

/** The builder's test box: what a bot's search would retrieve. */
export async function searchKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
  input: { query: string; limit?: number | undefined; searchMode?: KnowledgeSearchMode | undefined },
): Promise<KnowledgeHit[]> {
  const base = await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  const result = await retrieve(ctx.knowledge, base, {
    query: input.query,
    limit: input.limit ?? DEFAULT_SEARCH_LIMIT,
    mode: input.searchMode,
  });
  if (!result.ok) throw new AppError("SERVICE_UNAVAILABLE", result.error);
  return result.hits.map(toKnowledgeHit);
}
