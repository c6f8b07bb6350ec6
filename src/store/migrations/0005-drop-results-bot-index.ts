import type { Kysely } from "kysely";

/**
 * results_botId (botId, createdAt) is a prefix of results_listing (botId, createdAt, id), which serves
 * every query it served; dropping it spares every new result one more index to write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("results_botId").ifExists().execute();
}
