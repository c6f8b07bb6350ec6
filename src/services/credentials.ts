import { AppError, notFound } from "../errors.js";
import { listModels } from "../integrations/ai/models-list.js";
import { isAiProvider } from "../integrations/ai/providers.js";
import { addressGuard } from "../integrations/create-integration-ports.js";
import { checkCredentials, type CredentialsCheck } from "../integrations/credentials/credentials-check.js";
import { credentialsKit } from "../integrations/credentials/credentials-kit.js";
import type { CredentialsCreateInput, CredentialsSummary, CredentialsType } from "../schemas/credentials.js";
import { createId, nowIso } from "../lib/ids.js";
import type { CredentialsSummaryRow } from "../store/credentials-repository.js";
import type { Caller } from "../store/users-repository.js";
import type { AppContext } from "./context.js";

/**
 * Workspace credentials (SMTP servers, OpenAI keys, HTTP secrets). Every member sees their names and
 * picks them in blocks; only admins add, rename and delete them (guests are already refused by the
 * route table, src/services/auth/write-access.ts); anyone else gets 404, as for a workspace they do
 * not belong to. The secret data goes in encrypted and never comes out of these functions.
 */
export async function requireMember(ctx: AppContext, caller: Caller, workspaceId: string): Promise<void> {
  await requireRole(ctx, caller, workspaceId);
}

/** Credentials hold the workspace's secrets and its bills: managing them is an admin's job. */
export async function requireCredentialsAdmin(ctx: AppContext, caller: Caller, workspaceId: string): Promise<void> {
  if ((await requireRole(ctx, caller, workspaceId)) !== "ADMIN")
    throw new AppError("ADMIN_ONLY", "Only the workspace's admins can manage its credentials");
}

async function requireRole(ctx: AppContext, caller: Caller, workspaceId: string) {
  const workspace = await ctx.workspaces.findForMember(workspaceId, caller.userId);
  if (!workspace) throw notFound("Workspace not found");
  return workspace.role;
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
  await requireCredentialsAdmin(ctx, caller, workspaceId);
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
  await requireMember(ctx, caller, workspaceId);
  return (await credentialsKit(ctx.config, ctx.store).repository.list(workspaceId, type)).map(toSummary);
}

/**
 * Deletes credentials. Ones a bot still uses are only deleted once confirmed: without `confirmed`
 * the answer is 409 naming those bots (their blocks would then log that the credentials are missing).
 */
export async function deleteCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
  confirmed = false,
): Promise<void> {
  await requireCredentialsAdmin(ctx, caller, workspaceId);
  const { repository } = credentialsKit(ctx.config, ctx.store);
  if (!confirmed) {
    if (!(await repository.find(workspaceId, credentialsId))) throw notFound("Credentials not found");
    const bots = await repository.botsUsing(workspaceId, credentialsId);
    if (bots.length > 0)
      throw new AppError(
        "CONFLICT",
        `These credentials are used by ${bots.map((bot) => `"${bot.name}"`).join(", ")}. Delete them anyway with ?confirm=true`,
      );
  }
  if (!(await repository.delete(workspaceId, credentialsId))) throw notFound("Credentials not found");
}

export async function renameCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
  name: string,
): Promise<CredentialsSummary> {
  await requireCredentialsAdmin(ctx, caller, workspaceId);
  const { repository } = credentialsKit(ctx.config, ctx.store);
  if (!(await repository.rename(workspaceId, credentialsId, name))) throw notFound("Credentials not found");
  return toSummary((await repository.find(workspaceId, credentialsId))!);
}

/** The bots of the workspace whose blocks use these credentials. */
export async function credentialsUsage(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
): Promise<{ id: string; name: string }[]> {
  await requireMember(ctx, caller, workspaceId);
  const { repository } = credentialsKit(ctx.config, ctx.store);
  if (!(await repository.find(workspaceId, credentialsId))) throw notFound("Credentials not found");
  return repository.botsUsing(workspaceId, credentialsId);
}

/**
 * The models an AI credential can use, for the builder's picker: the provider's own list where it
 * has one (read with the credential's key, through the address guard), else the known models.
 */
export async function credentialsModels(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
): Promise<string[]> {
  await requireMember(ctx, caller, workspaceId);
  const { repository, vault } = credentialsKit(ctx.config, ctx.store);
  const row = await repository.find(workspaceId, credentialsId);
  if (!row) throw notFound("Credentials not found");
  if (!isAiProvider(row.type)) throw new AppError("BAD_REQUEST", `Credentials of type ${row.type} have no models`);
  const data = await vault.resolve(row.type, credentialsId, { workspaceId, botId: "", mode: "preview" });
  if (!data) throw notFound("Credentials not found");
  const result = await listModels(row.type, data, addressGuard(ctx.config));
  if (!result.ok)
    throw new AppError("BAD_REQUEST", result.details ? `${result.error}: ${result.details}` : result.error);
  return result.models;
}

/**
 * Tries credentials with a harmless call to their service (the Test button of Settings →
 * Credentials). A refused call is an answer, not an error: `failed` with what the service said.
 */
export async function testCredentials(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  credentialsId: string,
): Promise<CredentialsCheck> {
  await requireMember(ctx, caller, workspaceId);
  const { repository, vault } = credentialsKit(ctx.config, ctx.store);
  const row = await repository.find(workspaceId, credentialsId);
  if (!row) throw notFound("Credentials not found");
  const type = row.type as CredentialsType;
  const data = await vault.resolve(type, credentialsId, { workspaceId, botId: "", mode: "preview" });
  if (!data)
    return { result: "failed", message: "These credentials cannot be read (stored under another encryption secret)" };
  return checkCredentials(type, data, {
    guard: addressGuard(ctx.config),
    telegramApiUrl: ctx.config.channels.telegramApiUrl,
    whatsappApiUrl: ctx.config.channels.whatsappApiUrl,
  });
}
