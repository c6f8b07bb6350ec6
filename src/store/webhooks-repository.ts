import type { Insertable, Updateable } from "kysely";
import type { Db, OutboxRow, WebhookRow, WebhooksTable } from "./database.js";

/** An outbox item of a webhook, with what its latest attempt got back. */
export type DeliveryRow = OutboxRow & { statusCode: number | null };

/** A bot's outbound webhooks, and their deliveries (outbox items whose `targetId` is the webhook). */
export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  async create(row: Insertable<WebhooksTable>): Promise<void> {
    await this.db.insertInto("webhooks").values(row).execute();
  }

  listForBot(botId: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("botId", "=", botId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  /** What a chat turn needs to address a bot's enabled webhooks (no secret: it is read at delivery). */
  listEnabledForBot(botId: string): Promise<Pick<WebhookRow, "id" | "events">[]> {
    return this.db
      .selectFrom("webhooks")
      .select(["id", "events"])
      .where("botId", "=", botId)
      .where("enabled", "=", 1)
      .execute();
  }

  find(botId: string, webhookId: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", webhookId)
      .where("botId", "=", botId)
      .executeTakeFirst();
  }

  findById(webhookId: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom("webhooks").selectAll().where("id", "=", webhookId).executeTakeFirst();
  }

  async update(webhookId: string, changes: Updateable<WebhooksTable>): Promise<void> {
    await this.db.updateTable("webhooks").set(changes).where("id", "=", webhookId).execute();
  }

  /** Disables it unless someone did already (or deleted it); true when this call did. */
  async disable(webhookId: string, reason: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("webhooks")
      .set({ enabled: 0, disabledReason: reason, disabledAt: at, updatedAt: at })
      .where("id", "=", webhookId)
      .where("enabled", "=", 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The webhook and its finished deliveries; pending ones stay, and fail once tried (the webhook is gone). */
  async delete(webhookId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("outbox").where("targetId", "=", webhookId).where("status", "!=", "pending").execute();
      await trx.deleteFrom("webhooks").where("id", "=", webhookId).execute();
    });
  }

  /** The latest `limit` deliveries, latest first, each with its latest attempt's status code. */
  async deliveries(webhookId: string, limit: number): Promise<DeliveryRow[]> {
    const items = await this.db
      .selectFrom("outbox")
      .selectAll()
      .where("targetId", "=", webhookId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return this.withStatusCodes(items);
  }

  async delivery(webhookId: string, itemId: string): Promise<DeliveryRow | undefined> {
    const item = await this.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", itemId)
      .where("targetId", "=", webhookId)
      .executeTakeFirst();
    return item ? (await this.withStatusCodes([item]))[0] : undefined;
  }

  private async withStatusCodes(items: OutboxRow[]): Promise<DeliveryRow[]> {
    if (items.length === 0) return [];
    const attempts = await this.db
      .selectFrom("outboxAttempts")
      .select(["itemId", "statusCode"])
      .where(
        "itemId",
        "in",
        items.map((item) => item.id),
      )
      .orderBy("attemptedAt")
      .orderBy("id")
      .execute();
    const latest = new Map(attempts.map((attempt) => [attempt.itemId, attempt.statusCode]));
    return items.map((item) => ({ ...item, statusCode: latest.get(item.id) ?? null }));
  }
}
