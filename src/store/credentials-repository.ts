import type { Selectable } from "kysely";
import type { CredentialsTable, Db } from "./database.js";

export type CredentialsRow = Selectable<CredentialsTable>;
/** What may be listed: everything but the encrypted data. */
export type CredentialsSummaryRow = Omit<CredentialsRow, "data">;

const summaryColumns = ["id", "workspaceId", "type", "name", "createdAt"] as const;

/** Workspace credentials; `data` is ciphertext and is only read when a block needs the secret. */
export class CredentialsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: CredentialsRow): Promise<void> {
    await this.db.insertInto("credentials").values(row).execute();
  }

  list(workspaceId: string, type?: string): Promise<CredentialsSummaryRow[]> {
    let query = this.db.selectFrom("credentials").select(summaryColumns).where("workspaceId", "=", workspaceId);
    if (type) query = query.where("type", "=", type);
    return query.orderBy("createdAt").orderBy("id").execute();
  }

  /** The credentials with their ciphertext, only within `workspaceId`. */
  find(workspaceId: string, id: string): Promise<CredentialsRow | undefined> {
    return this.db
      .selectFrom("credentials")
      .selectAll()
      .where("id", "=", id)
      .where("workspaceId", "=", workspaceId)
      .executeTakeFirst();
  }

  /** True when a row was deleted. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("credentials")
      .where("id", "=", id)
      .where("workspaceId", "=", workspaceId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The workspace of a stored bot (live chats know their bot, not always its workspace). */
  async botWorkspaceId(botId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("bots").select("workspaceId").where("id", "=", botId).executeTakeFirst();
    return row?.workspaceId;
  }
}
