import type { Kysely } from "kysely";

/**
 * The results listing and a result's transcript read the hand-offs of the results they show, by
 * resultId: without this index each page scanned every hand-off ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("handoffs_result").ifNotExists().on("handoffs").columns(["resultId"]).execute();
}
