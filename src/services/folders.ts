import { AppError, notFound } from "../errors.js";
import type { FolderRow } from "../store/folders-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";
import { requireWorkspace } from "./workspaces.js";

export type Folder = Pick<FolderRow, "id" | "workspaceId" | "parentFolderId" | "name" | "createdAt" | "updatedAt">;

const toFolder = (row: FolderRow): Folder => ({
  id: row.id,
  workspaceId: row.workspaceId,
  parentFolderId: row.parentFolderId,
  name: row.name,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A folder id given by a client must name a folder of that workspace: otherwise 400 on that field. */
export async function assertFolderOf(ctx: AppContext, workspaceId: string, folderId: string, path: string) {
  const folder = await ctx.folders.findInWorkspace(workspaceId, folderId);
  if (!folder)
    throw new AppError("BAD_REQUEST", "Unknown folder", {
      issues: [{ path, message: "No folder with this id in the workspace" }],
    });
  return folder;
}

async function requireFolder(ctx: AppContext, caller: Caller, workspaceId: string, folderId: string) {
  await requireWorkspace(ctx, caller, workspaceId);
  const folder = await ctx.folders.findInWorkspace(workspaceId, folderId);
  if (!folder) throw notFound("Folder not found");
  return folder;
}

export async function createFolder(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: { name: string; parentFolderId?: string | null },
): Promise<Folder> {
  await requireWorkspace(ctx, caller, workspaceId);
  const parentFolderId = input.parentFolderId ?? null;
  if (parentFolderId) await assertFolderOf(ctx, workspaceId, parentFolderId, "parentFolderId");
  return toFolder(await ctx.folders.create({ workspaceId, parentFolderId, name: input.name }));
}

/** Every folder of the workspace, by name; `parentFolderId` gives the tree (null: at the top). */
export async function listFolders(ctx: AppContext, caller: Caller, workspaceId: string): Promise<Folder[]> {
  await requireWorkspace(ctx, caller, workspaceId);
  return (await ctx.folders.listForWorkspace(workspaceId)).map(toFolder);
}

/** Renames or moves a folder; moving it into itself or one of its sub-folders is refused (400). */
export async function updateFolder(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  folderId: string,
  input: { name?: string; parentFolderId?: string | null },
): Promise<Folder> {
  const folder = await requireFolder(ctx, caller, workspaceId, folderId);
  if (input.parentFolderId) {
    await assertFolderOf(ctx, workspaceId, input.parentFolderId, "parentFolderId");
    const parents = new Map(
      (await ctx.folders.listForWorkspace(workspaceId)).map((row) => [row.id, row.parentFolderId]),
    );
    for (let at: string | null | undefined = input.parentFolderId; at; at = parents.get(at))
      if (at === folderId)
        throw new AppError("BAD_REQUEST", "A folder cannot move into itself or one of its sub-folders", {
          issues: [{ path: "parentFolderId", message: "This folder is inside the one being moved" }],
        });
  }
  const patch = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.parentFolderId !== undefined ? { parentFolderId: input.parentFolderId } : {}),
  };
  if (Object.keys(patch).length > 0) await ctx.folders.update(folderId, patch);
  return toFolder((await ctx.folders.findInWorkspace(workspaceId, folder.id))!);
}

/** Deletes a folder; its bots and sub-folders move to its parent. */
export async function deleteFolder(ctx: AppContext, caller: Caller, workspaceId: string, folderId: string) {
  await ctx.folders.deleteIntoParent(await requireFolder(ctx, caller, workspaceId, folderId));
  return { message: "success" };
}
