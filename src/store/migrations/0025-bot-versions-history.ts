import type { Kysely } from "kysely";

/** The table this migration reads, as it is at this point. */
type Versions = { botVersions: { id: string; botId: string; createdAt: string; number: number | null } };

/**
 * Every publish is kept as a version one can list, compare and restore (issue 35). Versions were
 * already immutable rows (sessions run the one they started on); they gain what a history shows:
 *
 * - `number`: 1, 2, 3… per bot in publish order, unique per bot (existing rows numbered by createdAt).
 * - `publishedBy`: the user who published (null for versions made before).
 * - `note`: what the publisher said about it (optional).
 * - `findings`: JSON of the publish check's findings at the time (null for versions made before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("botVersions").addColumn("number", "integer").execute();
  await db.schema.alterTable("botVersions").addColumn("publishedBy", "text").execute();
  await db.schema.alterTable("botVersions").addColumn("note", "text").execute();
  await db.schema.alterTable("botVersions").addColumn("findings", "text").execute();
  await numberExistingVersions(db as Kysely<Versions>);
  await db.schema
    .createIndex("botVersions_botId_number")
    .on("botVersions")
    .columns(["botId", "number"])
    .unique()
    .execute();
}

async function numberExistingVersions(db: Kysely<Versions>): Promise<void> {
  const rows = await db
    .selectFrom("botVersions")
    .select(["id", "botId", "createdAt"])
    .orderBy("botId")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const number = (counts.get(row.botId) ?? 0) + 1;
    counts.set(row.botId, number);
    await db.updateTable("botVersions").set({ number }).where("id", "=", row.id).execute();
  }
}
