import type { Kysely } from "kysely";

/**
 * Idle timeouts a server must fire itself (issue 22): a messaging-app contact has no client to say
 * that it stopped answering. One row per waiting session: the input it waits at and the deadline the
 * turn gave it (`deadline`, the session state's idleDeadline as an ISO time). `dueAt` is when the
 * background runner may next take it; a claimed row's `dueAt` moves past its lease, so a row whose
 * instance died is taken again then. Web sessions have no row: their client sends the idle message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idleTimeouts")
    .addColumn("sessionId", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull())
    .addColumn("credentialsId", "text", (c) => c.notNull().references("credentials.id").onDelete("cascade"))
    .addColumn("contactId", "text", (c) => c.notNull())
    .addColumn("blockId", "text", (c) => c.notNull())
    .addColumn("deadline", "text", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("idleTimeouts_dueAt").on("idleTimeouts").column("dueAt").execute();
}
