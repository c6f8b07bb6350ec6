import type { Folder } from "../lib/types";

/** The folders from the top down to `folderId` (empty at the top, or for a folder that no longer exists). */
export function folderPath(folders: readonly Folder[], folderId: string | null): Folder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: Folder[] = [];
  for (let current = folderId ? byId.get(folderId) : undefined; current; ) {
    if (path.includes(current)) break;
    path.unshift(current);
    current = current.parentFolderId ? byId.get(current.parentFolderId) : undefined;
  }
  return path;
}

/** "Sales / Leads": a folder named with its parents, for the move menu. */
export function folderLabel(folders: readonly Folder[], folder: Folder): string {
  return folderPath(folders, folder.id)
    .map((entry) => entry.name)
    .join(" / ");
}
