import type { IntegrationScope } from "../../engine/ports.js";
import type { CredentialsRepository } from "../../store/credentials-repository.js";
import type { CredentialsCipher } from "./credentials-cipher.js";
import { credentialsDataSchemas, type CredentialsData, type CredentialsType } from "../../schemas/credentials.js";

/**
 * Hands a block the decrypted secret it names, only from the chat's own workspace. A live chat
 * without a recorded workspace uses its published bot's; a preview without one gets nothing, since
 * its bot may have come from anyone.
 */
export class CredentialsVault {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly cipher: CredentialsCipher,
  ) {}

  async resolve<T extends CredentialsType>(
    type: T,
    id: string,
    scope: IntegrationScope,
  ): Promise<CredentialsData[T] | undefined> {
    const workspaceId = await this.workspaceOf(scope);
    if (!workspaceId) return undefined;
    const row = await this.repository.find(workspaceId, id);
    if (!row || row.type !== type) return undefined;
    let data: unknown;
    try {
      data = this.cipher.decrypt(row.data, { workspaceId: row.workspaceId, id: row.id });
    } catch {
      // Encrypted under another key (a lost PARLEY_ENCRYPTION_SECRET): as good as missing.
      return undefined;
    }
    const parsed = credentialsDataSchemas[type].safeParse(data);
    return parsed.success ? (parsed.data as CredentialsData[T]) : undefined;
  }

  /** Writes new data over credentials of this type that the scope may use (a refreshed token). */
  async update<T extends CredentialsType>(
    type: T,
    id: string,
    scope: IntegrationScope,
    data: CredentialsData[T],
  ): Promise<void> {
    const workspaceId = await this.workspaceOf(scope);
    if (!workspaceId) return;
    const row = await this.repository.find(workspaceId, id);
    if (!row || row.type !== type) return;
    await this.repository.updateData(workspaceId, id, this.cipher.encrypt(data, { workspaceId, id }));
  }

  private async workspaceOf(scope: IntegrationScope): Promise<string | undefined> {
    return scope.workspaceId ?? (scope.mode === "live" ? await this.repository.botWorkspaceId(scope.botId) : undefined);
  }
}
