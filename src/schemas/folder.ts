import { z } from "zod";
import { idSchema } from "./common.js";

export const folderSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  parentFolderId: z.string().nullable(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const folderName = z.string().trim().min(1, "Name must not be empty").max(255);

export const folderCreateInputSchema = z.object({ name: folderName, parentFolderId: idSchema.nullish() });

export const folderUpdateInputSchema = z.object({ name: folderName.optional(), parentFolderId: idSchema.nullish() });
