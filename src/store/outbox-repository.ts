import type { Insertable } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db, LogsTable, OutboxAttemptsTable, OutboxRow, OutboxTable } from "./database.js";

/** How a settled item goes on: finished (done or failed for good), or due again at `dueAt`. */
export type OutboxSettlement =
  | { status: "done" | "failed"; finishedAt: string; lastError: string | null }
  | { status: "pending"; dueAt: string; lastError: string };

/**
 * The outbox's rows outside of chat turns (those write theirs with the turn, see chat-repository.ts):
 * claiming due items, recording attempts, enqueueing from management actions.
 */
export class OutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Up to `limit` due items, leased until `leaseUntil` (their `dueAt` moves there and their attempt
   * count goes up) in one statement. On PostgreSQL, rows another instance is claiming are skipped,
   * never waited for or taken twice; the embedded database has a single writer anyway.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
    return this.db
      .updateTable("outbox")
      .set((eb) => ({ dueAt: leaseUntil, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", (eb) =>
        eb
          .selectFrom("outbox")
          .select("id")
          .where("status", "=", "pending")
          .where("dueAt", "<=", now)
          .orderBy("dueAt")
          .limit(limit)
          .$if(this.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
  }

  /** The attempt, the item's new state and the logs it leaves on its result, together. */
  async settle(
    itemId: string,
    attempt: Insertable<OutboxAttemptsTable>,
    settlement: OutboxSettlement,
    logs: Insertable<LogsTable>[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("outboxAttempts").values(attempt).execute();
      await trx.updateTable("outbox").set(settlement).where("id", "=", itemId).execute();
      // A result deleted meanwhile takes no log (and must not keep the item from settling).
      const resultIds = [...new Set(logs.map((log) => log.resultId))];
      const existing = resultIds.length
        ? new Set(
            (await trx.selectFrom("results").select("id").where("id", "in", resultIds).execute()).map((row) => row.id),
          )
        : new Set<string>();
      const kept = logs.filter((log) => existing.has(log.resultId));
      if (kept.length > 0) await trx.insertInto("logs").values(kept).execute();
    });
  }

  async enqueue(items: Insertable<OutboxTable>[]): Promise<void> {
    if (items.length > 0) await this.db.insertInto("outbox").values(items).execute();
  }
}
