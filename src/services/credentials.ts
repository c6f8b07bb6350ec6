import { notFound } from "../errors.js";
import { credentialsKit } from "../integrations/credentials/credentials-kit.js";
import type {
  CredentialsCreateInput,
  CredentialsSummary,
  CredentialsType,
} from "../integrations/credentials/credentials-data.js";
import { createId, nowIso } from "../lib/ids.js";
import type { CredentialsSummaryRow } from "../store/credentials-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";

/**
 * Workspace credentials (SMTP servers, OpenAI keys, HTTP secrets). Only members who may edit bots
 * (admins and members, not guests) see or change them; anyone else gets 404, as for a workspace they
 * do not belong to. The secret data goes in encrypted and never comes out of these functions.
 */
async function requireEditor(ctx: AppContext, caller: Caller, workspaceId: string): Promise<void> {
  const workspace = await ctx.workspaces.findForMember(workspaceId, caller.userId);
  if (!workspace || workspace.role === "GUEST") throw notFound("Workspace not found");
}

function toSummary(row: CredentialsSummaryRow): CredentialsSummary {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    type: row.type as CredentialsType,
    name: row.name,
    createdAt: row.createdAt,
  };
}

export async function createCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  input: CredentialsCreateInput,
): Promise<CredentialsSummary> {
  await requireEditor(ctx, caller, workspaceId);
  const { repository, cipher } = credentialsKit(ctx.config, ctx.store);
  const id = createId();
  const row = {
    id,
    workspaceId,
    type: input.type,
    name: input.name,
    data: cipher.encrypt(input.data, { workspaceId, id }),
    createdAt: nowIso(),
  };
  await repository.insert(row);
  return toSummary(row);
}

export async function listCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  type?: CredentialsType,
): Promise<CredentialsSummary[]> {
  await requireEditor(ctx, caller, workspaceId);
  return (await credentialsKit(ctx.config, ctx.store).repository.list(workspaceId, type)).map(toSummary);
}

export async function deleteCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
): Promise<void> {
  await requireEditor(ctx, caller, workspaceId);
  if (!(await credentialsKit(ctx.config, ctx.store).repository.delete(workspaceId, credentialsId)))
    throw notFound("Credentials not found");
}
