import { sql, type Kysely } from "kysely";

/**
 * Staging (issue 35): a second, private public id per bot that serves a chosen version, or the draft,
 * before visitors see it.
 *
 * - `bots.stagingPublicId`: the private id (null: no staging); unique like `publicId`.
 * - `bots.stagingVersionId`: the version staging serves; null while it serves the draft.
 * - `botVersions.draftSavedAt`: set on the frozen copies of the draft a staging chat runs on (the
 *   draft's `updatedAt` when frozen). They have no number: they are not publishes and no history lists them.
 * - `sessions.isStaging`, `results.isStaging`: a chat started on the staging id, and its result, which
 *   the results table and analytics leave out unless asked.
 *
 * The analytics indexes of 0002 are rebuilt with `isStaging` after `botId` (every count filters on it)
 * and `botVersionId` last (analytics of one version), so counts stay index-only ranges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bots").addColumn("stagingPublicId", "text").execute();
  await db.schema.alterTable("bots").addColumn("stagingVersionId", "text").execute();
  await db.schema.createIndex("bots_stagingPublicId").on("bots").column("stagingPublicId").unique().execute();
  await db.schema.alterTable("botVersions").addColumn("draftSavedAt", "text").execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("isStaging", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("results")
    .addColumn("isStaging", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex("results_analytics").execute();
  await db.schema
    .createIndex("results_analytics")
    .on("results")
    .columns(["botId", "isStaging", "createdAt", "hasStarted", "isCompleted", "lastInputBlockId", "botVersionId"])
    .where(sql.ref("isArchived"), "=", 0)
    .execute();
  await db.schema.dropIndex("results_dropoffs").execute();
  await db.schema
    .createIndex("results_dropoffs")
    .on("results")
    .columns(["botId", "isStaging", "lastInputBlockId", "createdAt", "botVersionId"])
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
