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

  /** Replaces the ciphertext (a refreshed OAuth token); true when a row was updated. */
  async updateData(workspaceId: string, id: string, data: string): Promise<boolean> {
    const result = await this.db
      .updateTable("credentials")
      .set({ data })
      .where("id", "=", id)
      .where("workspaceId", "=", workspaceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** True when a row was renamed. */
  async rename(workspaceId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable("credentials")
      .set({ name })
      .where("id", "=", id)
      .where("workspaceId", "=", workspaceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The workspace's bots whose draft names the credentials in a block (`"credentialsId":"<id>"` in the
   * stored document; the id's characters need no JSON escaping). Archived bots included.
   */
  botsUsing(workspaceId: string, id: string): Promise<{ id: string; name: string }[]> {
    return this.db
      .selectFrom("bots")
      .select(["id", "name"])
      .where("workspaceId", "=", workspaceId)
      .where("document", "like", `%"credentialsId":"${id.replace(/[%_\\"]/g, "")}"%`)
      .orderBy("name")
      .execute();
  }

  /** The workspace of a stored bot (live chats know their bot, not always its workspace). */
  async botWorkspaceId(botId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("bots").select("workspaceId").where("id", "=", botId).executeTakeFirst();
    return row?.workspaceId;
  }
}
