import type { Kysely } from "kysely";

/**
 * Messaging-app channels (issue 21). `channelInbox` keeps every incoming message by the app's own id
 * (a duplicate delivery hits the primary key and is dropped) until a turn has handled it, then a day
 * longer for duplicate checks. `channelContacts` is one row per (credential, contact): the chat session
 * it runs, the choices last offered (answered by number or label), and the lock that keeps one contact's
 * turns one at a time across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("channelInbox")
    .addColumn("credentialsId", "text", (c) => c.notNull().references("credentials.id").onDelete("cascade"))
    .addColumn("messageId", "text", (c) => c.notNull())
    .addColumn("contactId", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("sentAt", "text", (c) => c.notNull())
    .addColumn("receivedAt", "text", (c) => c.notNull())
    .addColumn("processedAt", "text")
    .addPrimaryKeyConstraint("channelInbox_pk", ["credentialsId", "messageId"])
    .execute();
  await db.schema
    .createIndex("channelInbox_pending")
    .on("channelInbox")
    .columns(["credentialsId", "contactId", "processedAt", "sentAt"])
    .execute();
  await db.schema
    .createTable("channelContacts")
    .addColumn("credentialsId", "text", (c) => c.notNull().references("credentials.id").onDelete("cascade"))
    .addColumn("contactId", "text", (c) => c.notNull())
    .addColumn("sessionId", "text")
    .addColumn("offered", "text")
    .addColumn("lockToken", "text")
    .addColumn("lockedUntil", "text")
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("channelContacts_pk", ["credentialsId", "contactId"])
    .execute();
}
