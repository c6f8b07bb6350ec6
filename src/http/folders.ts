import type { AppContext } from "../services/context.js";
import { createFolder, deleteFolder, listFolders, updateFolder } from "../services/folders.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

export function folderRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.createFolder,
      handler: async ({ caller, params, body }) => ({
        folder: await createFolder(ctx, caller!, params.workspaceId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.listFolders,
      handler: async ({ caller, params }) => ({ folders: await listFolders(ctx, caller!, params.workspaceId) }),
    }),
    defineRoute({
      ...apiRoutes.updateFolder,
      handler: async ({ caller, params, body }) => ({
        folder: await updateFolder(ctx, caller!, params.workspaceId, params.folderId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteFolder,
      handler: async ({ caller, params }) => deleteFolder(ctx, caller!, params.workspaceId, params.folderId),
    }),
  ];
}
