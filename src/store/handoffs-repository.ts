import type { Insertable, Selectable } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db } from "./database.js";
import type { HandoffsTable, InboxMessagesTable } from "./handoff-tables.js";
import type { ResultScope, TimeBounds } from "./results-repository.js";

export type HandoffRow = Selectable<HandoffsTable>;
export type InboxMessageRow = Selectable<InboxMessagesTable>;

/** Chats that are neither handed back nor closed: the Inbox lists these. */
const OPEN_STATUSES = ["waiting", "taken"] as const;

/** Hand-offs and what was said during them (migration 0027). Every change of status is conditional. */
export class HandoffsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async create(row: Insertable<HandoffsTable>): Promise<void> {
    await this.db.insertInto("handoffs").values(row).execute();
  }

  find(id: string): Promise<HandoffRow | undefined> {
    return this.db.selectFrom("handoffs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The session's open hand-off (waiting or taken), if any. */
  openForSession(sessionId: string): Promise<HandoffRow | undefined> {
    return this.db
      .selectFrom("handoffs")
      .selectAll()
      .where("sessionId", "=", sessionId)
      .where("status", "in", OPEN_STATUSES)
      .orderBy("requestedAt", "desc")
      .executeTakeFirst();
  }

  /** The latest hand-off of the session, whatever its status (the visitor's stream reads how it ended). */
  latestForSession(sessionId: string): Promise<HandoffRow | undefined> {
    return this.db
      .selectFrom("handoffs")
      .selectAll()
      .where("sessionId", "=", sessionId)
      .orderBy("requestedAt", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  /**
   * The workspace's open chats in Inbox order: waiting first (oldest waiting first), then those the
   * operator took, then the others taken, oldest first.
   */
  listOpen(workspaceId: string, operatorUserId: string, limit: number): Promise<HandoffRow[]> {
    return this.db
      .selectFrom("handoffs")
      .selectAll()
      .where("workspaceId", "=", workspaceId)
      .where("status", "in", OPEN_STATUSES)
      .orderBy((eb) =>
        eb
          .case()
          .when("status", "=", "waiting")
          .then(0)
          .when("operatorUserId", "=", operatorUserId)
          .then(1)
          .else(2)
          .end(),
      )
      .orderBy("requestedAt")
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /** Takes a waiting chat: true for exactly one of any number of operators trying at once. */
  async take(id: string, operator: { userId: string; name: string }, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("handoffs")
      .set({ status: "taken", operatorUserId: operator.userId, operatorName: operator.name, takenAt: now, dueAt: null })
      .where("id", "=", id)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Ends an open hand-off (handed back, closed, timed out): true when this call did it. */
  async end(
    id: string,
    from: readonly ("waiting" | "taken")[],
    status: "handed_back" | "closed" | "timed_out",
    now: string,
  ) {
    const result = await this.db
      .updateTable("handoffs")
      .set({ status, endedAt: now, dueAt: null })
      .where("id", "=", id)
      .where("status", "in", from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Puts a hand-off back to its former status when the turn it started could not be saved. */
  async reopen(id: string, status: "waiting" | "taken", dueAt: string | null): Promise<void> {
    await this.db.updateTable("handoffs").set({ status, endedAt: null, dueAt }).where("id", "=", id).execute();
  }

  /** The name an operator shows: their account's name, else their e-mail address. */
  async userName(userId: string): Promise<string | undefined> {
    const user = await this.db
      .selectFrom("users")
      .select(["name", "email"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return user ? (user.name ?? user.email) : undefined;
  }

  async addMessage(row: InboxMessageRow): Promise<void> {
    await this.db.insertInto("inboxMessages").values(row).execute();
    if (row.author === "operator")
      await this.db
        .updateTable("handoffs")
        .set({ firstReplyAt: row.createdAt })
        .where("id", "=", row.handoffId)
        .where("firstReplyAt", "is", null)
        .execute();
  }

  messages(handoffId: string): Promise<InboxMessageRow[]> {
    return this.db
      .selectFrom("inboxMessages")
      .selectAll()
      .where("handoffId", "=", handoffId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  /** What was said in these hand-offs, in order (transcripts; the Inbox's live stream compares it with what it sent). */
  messagesOf(handoffIds: readonly string[]): Promise<InboxMessageRow[]> {
    if (handoffIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("inboxMessages")
      .selectAll()
      .where("handoffId", "in", handoffIds)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  /**
   * Up to `limit` waiting hand-offs whose no-operator deadline passed, leased until `leaseUntil` in one
   * statement; on PostgreSQL rows another server is claiming are skipped, never taken twice.
   */
  claimDueTimeouts(now: string, leaseUntil: string, limit: number): Promise<HandoffRow[]> {
    return this.db
      .updateTable("handoffs")
      .set({ dueAt: leaseUntil })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("handoffs")
          .select("id")
          .where("status", "=", "waiting")
          .where("dueAt", "<=", now)
          .orderBy("dueAt")
          .limit(limit)
          .$if(this.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
  }

  /** The hand-offs of these results, oldest first (a result may have had several). */
  ofResults(resultIds: readonly string[]): Promise<HandoffRow[]> {
    if (resultIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("handoffs")
      .selectAll()
      .where("resultId", "in", resultIds)
      .orderBy("requestedAt")
      .orderBy("id")
      .execute();
  }

  /**
   * The times of the hand-offs of a bot's results in the analytics' window and scope (the result's
   * creation time and version, like every other count).
   */
  timesOf(bot: { id: string; workspaceId: string }, bounds: TimeBounds, scope: ResultScope) {
    let query = this.db
      .selectFrom("handoffs")
      .innerJoin("results", "results.id", "handoffs.resultId")
      .select(["handoffs.requestedAt", "handoffs.takenAt", "handoffs.firstReplyAt"])
      // Implied by the result's bot (a linked bot's hand-off is in its parent's workspace), but it lets
      // the embedded database start from the workspace's hand-offs: without it SQLite read every result
      // of the database, 375 ms at a million (bench/NOTES.md).
      .where("handoffs.workspaceId", "=", bot.workspaceId)
      .where("results.botId", "=", bot.id)
      .where("results.isStaging", "=", scope.staging ? 1 : 0);
    if (scope.versionId) query = query.where("results.botVersionId", "=", scope.versionId);
    if (bounds.from) query = query.where("results.createdAt", ">=", bounds.from);
    if (bounds.to) query = query.where("results.createdAt", "<", bounds.to);
    return query.execute();
  }
}
