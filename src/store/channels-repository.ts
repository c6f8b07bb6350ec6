import type { Insertable, Selectable } from "kysely";
import type { ChannelInboxTable, Db } from "./database.js";

export type ChannelInboxRow = Selectable<ChannelInboxTable>;

/** How long handled message ids are kept for duplicate checks (Telegram keeps undelivered updates a day). */
const SEEN_IDS_KEPT_MS = 24 * 3_600_000;

/** Messaging-app contacts and their incoming messages (migration 0010). */
export class ChannelsRepository {
  constructor(private readonly db: Db) {}

  /** False when the app's message id was seen before: a redelivery, dropped. */
  async addToInbox(row: Insertable<ChannelInboxTable>): Promise<boolean> {
    const result = await this.db
      .insertInto("channelInbox")
      .values(row)
      .onConflict((conflict) => conflict.columns(["credentialsId", "messageId"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The contact's oldest unhandled message, in the order the app says they were sent. */
  nextPending(credentialsId: string, contactId: string): Promise<ChannelInboxRow | undefined> {
    return this.db
      .selectFrom("channelInbox")
      .selectAll()
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .where("processedAt", "is", null)
      .orderBy("sentAt")
      .orderBy("receivedAt")
      .limit(1)
      .executeTakeFirst();
  }

  async markProcessed(credentialsId: string, messageId: string, now: string): Promise<void> {
    await this.db
      .updateTable("channelInbox")
      .set({ processedAt: now })
      .where("credentialsId", "=", credentialsId)
      .where("messageId", "=", messageId)
      .execute();
  }

  /** Handled messages older than a day only serve duplicate checks no app still needs. */
  async forgetOldMessages(credentialsId: string, now: string): Promise<void> {
    const before = new Date(Date.parse(now) - SEEN_IDS_KEPT_MS).toISOString();
    await this.db
      .deleteFrom("channelInbox")
      .where("credentialsId", "=", credentialsId)
      .where("processedAt", "is not", null)
      .where("receivedAt", "<", before)
      .execute();
  }

  /** The messaging-app contact whose chat is this session, if any. */
  contactOfSession(sessionId: string) {
    return this.db
      .selectFrom("channelContacts")
      .select(["credentialsId", "contactId"])
      .where("sessionId", "=", sessionId)
      .executeTakeFirst();
  }

  async findContact(credentialsId: string, contactId: string) {
    return this.db
      .selectFrom("channelContacts")
      .selectAll()
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .executeTakeFirst();
  }

  /**
   * Takes the contact's turn lock when nobody holds it (or its holder's time ran out: a crashed
   * instance). One conditional UPDATE, atomic on both engines, so two instances never both win.
   */
  async tryLock(credentialsId: string, contactId: string, token: string, now: string, until: string) {
    await this.db
      .insertInto("channelContacts")
      .values({ credentialsId, contactId, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["credentialsId", "contactId"]).doNothing())
      .execute();
    const result = await this.db
      .updateTable("channelContacts")
      .set({ lockToken: token, lockedUntil: until })
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async unlock(credentialsId: string, contactId: string, token: string): Promise<void> {
    await this.db
      .updateTable("channelContacts")
      .set({ lockToken: null, lockedUntil: null })
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .where("lockToken", "=", token)
      .execute();
  }

  /** Moves the lock's end on while the holder still works (each message of a burst). */
  async extendLock(credentialsId: string, contactId: string, token: string, until: string): Promise<void> {
    await this.db
      .updateTable("channelContacts")
      .set({ lockedUntil: until })
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .where("lockToken", "=", token)
      .execute();
  }

  async saveContact(
    credentialsId: string,
    contactId: string,
    values: { sessionId?: string | null; offered?: string | null },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable("channelContacts")
      .set({ ...values, updatedAt: now })
      .where("credentialsId", "=", credentialsId)
      .where("contactId", "=", contactId)
      .execute();
  }

  /** Published bots of the workspace that name this credential, oldest first (the start-condition order). */
  botsOnCredentials(workspaceId: string, credentialsId: string) {
    return this.db
      .selectFrom("bots")
      .select(["id", "workspaceId", "publishedVersionId", "isClosed"])
      .where("workspaceId", "=", workspaceId)
      .where("chatAppCredentialsId", "=", credentialsId)
      .where("publishedVersionId", "is not", null)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }
}
