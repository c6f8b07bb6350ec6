import type { Kysely } from "kysely";

/**
 * Human takeover (issue 34). `handoffs`: one row each time a chat reaches a Hand off to a person block,
 * from `waiting` to `taken` (by `operatorUserId`) to `handed_back`, `closed` or `timed_out`. `timeoutAt`
 * is the block's no-operator deadline (null: none); `dueAt` is when a server may next claim it (moved past
 * each claim's lease, so a server that died mid-fire leaves it to another). `inboxMessages`: what was
 * said while a person had the chat: the visitor's and the operator's messages, and the team's notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("handoffs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sessionId", "text", (c) => c.notNull())
    .addColumn("resultId", "text")
    .addColumn("workspaceId", "text", (c) => c.notNull())
    .addColumn("botId", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("blockId", "text", (c) => c.notNull())
    .addColumn("teamNote", "text")
    .addColumn("displayOperatorName", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("operatorUserId", "text")
    .addColumn("operatorName", "text")
    .addColumn("requestedAt", "text", (c) => c.notNull())
    .addColumn("takenAt", "text")
    .addColumn("firstReplyAt", "text")
    .addColumn("endedAt", "text")
    .addColumn("timeoutAt", "text")
    .addColumn("dueAt", "text")
    .execute();
  await db.schema
    .createIndex("handoffs_workspace_status")
    .on("handoffs")
    .columns(["workspaceId", "status", "requestedAt"])
    .execute();
  await db.schema.createIndex("handoffs_session").on("handoffs").columns(["sessionId", "status"]).execute();
  await db.schema.createIndex("handoffs_dueAt").on("handoffs").column("dueAt").execute();
  await db.schema
    .createTable("inboxMessages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("handoffId", "text", (c) => c.notNull().references("handoffs.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("authorName", "text")
    .addColumn("userId", "text")
    .addColumn("text", "text")
    .addColumn("fileUrl", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("inboxMessages_handoff")
    .on("inboxMessages")
    .columns(["handoffId", "createdAt"])
    .execute();
}
