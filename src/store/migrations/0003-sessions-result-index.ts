import type { Kysely } from "kysely";

/** A remember-user start counts the open sessions of its result; without this index that reads every session. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("sessions_resultId").on("sessions").column("resultId").execute();
}
