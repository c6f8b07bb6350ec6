import { sql, type Kysely } from "kysely";

/**
 * Analytics at a million results: counting views, starts, completions and drop-offs of one bot must
 * not read the table. `lastInputBlockId` (the input a started result was left waiting on) makes a
 * drop-off a plain column instead of a replay of the flow.
 * - results_analytics holds every column the counts read, so a time window is an index-only range.
 * - results_dropoffs holds only the unfinished results, grouped by input in index order: the all-time
 *   drop-offs are counted without sorting, which a million rows would otherwise need.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("results").addColumn("lastInputBlockId", "text").execute();
  await db.schema
    .createIndex("results_analytics")
    .on("results")
    .columns(["botId", "createdAt", "hasStarted", "isCompleted", "lastInputBlockId"])
    .where(sql.ref("isArchived"), "=", 0)
    .execute();
  await db.schema
    .createIndex("results_dropoffs")
    .on("results")
    .columns(["botId", "lastInputBlockId", "createdAt"])
    .where((eb) =>
      eb.and([
        eb(sql.ref("isArchived"), "=", 0),
        eb(sql.ref("hasStarted"), "=", 1),
        eb(sql.ref("isCompleted"), "=", 0),
        eb(sql.ref("lastInputBlockId"), "is not", null),
      ]),
    )
    .execute();
}
