import { api } from "../lib/api";

export const listFolders = (workspaceId: string) =>
  api.call("listFolders", { params: { workspaceId } }).then((answer) => answer.folders);

export const createFolder = (workspaceId: string, name: string, parentFolderId: string | null) =>
  api.call("createFolder", { params: { workspaceId }, body: { name, parentFolderId } }).then((answer) => answer.folder);

export const renameFolder = (workspaceId: string, folderId: string, name: string) =>
  api.call("updateFolder", { params: { workspaceId, folderId }, body: { name } });

export const deleteFolder = (workspaceId: string, folderId: string) =>
  api.call("deleteFolder", { params: { workspaceId, folderId } });

/** Into a folder, or to the top of the workspace with null. */
export const moveBot = (botId: string, folderId: string | null) =>
  api.call("updateBot", { params: { botId }, body: { bot: { folderId } } });

/** Whether the signed-in user may change this workspace's bots (guests only read them). */
export async function canWrite(workspaceId: string, userId: string): Promise<boolean> {
  const { members } = await api.call("listMembers", { params: { workspaceId } });
  return members.some((member) => member.userId === userId && member.role !== "GUEST");
}
