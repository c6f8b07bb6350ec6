import type { Db } from "./database.js";

export type BotTestsRow = { botId: string; yaml: string; updatedAt: string };

/** The conversation-test YAML stored with each bot (at most one per bot). */
export class BotTestsRepository {
  constructor(private readonly db: Db) {}

  find(botId: string): Promise<BotTestsRow | undefined> {
    return this.db.selectFrom("botTests").selectAll().where("botId", "=", botId).executeTakeFirst();
  }

  async save(row: BotTestsRow): Promise<void> {
    await this.db
      .insertInto("botTests")
      .values(row)
      .onConflict((conflict) => conflict.column("botId").doUpdateSet({ yaml: row.yaml, updatedAt: row.updatedAt }))
      .execute();
  }
}
