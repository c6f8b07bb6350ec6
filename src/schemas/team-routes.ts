import { z } from "zod";
import { messageResponseSchema } from "./common.js";
import { folderCreateInputSchema, folderSchema, folderUpdateInputSchema } from "./folder.js";
import { folderParams, memberParams, route, workspaceIdParams } from "./route-contract.js";
import {
  memberAddedSchema,
  memberInviteInputSchema,
  memberUpdateInputSchema,
  workspaceMemberSchema,
} from "./workspace.js";

const workspaces = ["Workspaces"] as const;
const folders = ["Folders"] as const;

/** A workspace's members, invitations and folders of bots. */
export const teamRouteContracts = {
  addMember: route("addMember", {
    summary: "Add a member (admins only): a user with an account joins at once, anyone else gets a 7-day sign-up link",
    tags: workspaces,
    auth: "token",
    params: workspaceIdParams,
    body: memberInviteInputSchema,
    response: memberAddedSchema,
  }),
  updateMember: route("updateMember", {
    summary: "Change a member's or an invited person's role (admins only; the last admin stays admin: 409)",
    tags: workspaces,
    auth: "token",
    params: memberParams,
    body: memberUpdateInputSchema,
    response: z.object({ member: workspaceMemberSchema }),
  }),
  removeMember: route("removeMember", {
    summary: "Remove a member or withdraw an invitation (admins only; the last admin cannot be removed: 409)",
    tags: workspaces,
    auth: "token",
    params: memberParams,
    response: messageResponseSchema,
  }),

  createFolder: route("createFolder", {
    summary: "Create a folder of bots, at the top or inside another folder",
    tags: folders,
    auth: "token",
    params: workspaceIdParams,
    body: folderCreateInputSchema,
    response: z.object({ folder: folderSchema }),
  }),
  listFolders: route("listFolders", {
    summary: "List the workspace's folders by name; parentFolderId gives the tree (null: at the top)",
    tags: folders,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ folders: z.array(folderSchema) }),
  }),
  updateFolder: route("updateFolder", {
    summary: "Rename a folder or move it (parentFolderId; null: to the top)",
    tags: folders,
    auth: "token",
    params: folderParams,
    body: folderUpdateInputSchema,
    response: z.object({ folder: folderSchema }),
  }),
  deleteFolder: route("deleteFolder", {
    summary: "Delete a folder: its bots and sub-folders move to its parent",
    tags: folders,
    auth: "token",
    params: folderParams,
    response: messageResponseSchema,
  }),
};
