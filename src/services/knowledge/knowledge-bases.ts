import { notFound } from "../../errors.js";
import type { KnowledgeHit } from "../../engine/ports.js";
import type { KnowledgeBase } from "../../schemas/knowledge.js";
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
  input: { name: string },
): Promise<KnowledgeBase> {
  await requireWorkspace(ctx, caller, workspaceId);
  return toKnowledgeBase(await ctx.knowledge.bases.create({ workspaceId, name: input.name }));
}

export async function getKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
): Promise<KnowledgeBase> {
  return toKnowledgeBase(await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId));
}

export async function renameKnowledgeBase(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  knowledgeBaseId: string,
  input: { name: string },
): Promise<KnowledgeBase> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  await ctx.knowledge.bases.rename(knowledgeBaseId, input.name);
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
  input: { query: string; limit?: number },
): Promise<KnowledgeHit[]> {
  await requireKnowledgeBase(ctx, caller, workspaceId, knowledgeBaseId);
  const hits = await ctx.knowledge.search.search(knowledgeBaseId, input.query, input.limit ?? DEFAULT_SEARCH_LIMIT);
  return hits.map(toKnowledgeHit);
}
