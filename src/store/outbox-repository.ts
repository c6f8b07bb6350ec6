import { sql, type Insertable } from "kysely";
import type { DialectName } from "./connect.js";
import type { Db, LogsTable, OutboxAttemptsTable, OutboxRow, OutboxTable } from "./database.js";

/** How a settled item goes on: finished (done or failed for good), or due again at `dueAt`. */
export type OutboxSettlement =
  | { status: "done" | "failed"; finishedAt: string; lastError: string | null }
  | { status: "pending"; dueAt: string; lastError: string };

/** Which due items a lane claims. */
export type OutboxClaimFilter = {
  /** Only these kinds… */
  kinds?: readonly string[];
  /** …or every kind but these. */
  exceptKinds?: readonly string[];
  /** Workspaces ('' for items of none) and targets whose items stay due for now. */
  skipWorkspaces?: readonly string[];
  skipTargets?: readonly string[];
};

/** Where a delivery goes, as far as the scheduler cares. */
export type OutboxItemPlace = { workspaceId: string | null; targetUrl: string | null };

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
   * Up to `limit` due items of the lane, leased until `leaseUntil` (their `dueAt` moves there and their
   * attempt count goes up) in one statement. Workspaces take turns: each one's oldest due item first,
   * then each one's second, so a workspace with a backlog cannot fill a claim. Items of `skip`'s
   * workspaces and targets are left for later (their workspace or destination is busy). On
   * PostgreSQL, rows another instance is claiming are skipped, never waited for or taken twice; the
   * embedded database has a single writer anyway.
   */
  async claimDue(now: string, leaseUntil: string, limit: number, filter: OutboxClaimFilter = {}): Promise<OutboxRow[]> {
    const ranked = sql`select o.id, o."dueAt", row_number() over (
        partition by coalesce(wb."workspaceId", rb."workspaceId", '') order by o."dueAt", o.id) as turn
      from outbox o
      left join webhooks w on w.id = o."targetId" left join bots wb on wb.id = w."botId"
      left join results r on r.id = o."resultId" left join bots rb on rb.id = r."botId"
      where o.status = 'pending' and o."dueAt" <= ${now}
      ${filter.kinds ? sql`and o.kind in (${sql.join(filter.kinds)})` : sql``}
      ${filter.exceptKinds?.length ? sql`and o.kind not in (${sql.join(filter.exceptKinds)})` : sql``}
      ${filter.skipWorkspaces?.length ? sql`and coalesce(wb."workspaceId", rb."workspaceId", '') not in (${sql.join(filter.skipWorkspaces)})` : sql``}
      ${filter.skipTargets?.length ? sql`and coalesce(o."targetId", '') not in (${sql.join(filter.skipTargets)})` : sql``}`;
    const chosen = sql`select id from (${ranked}) ranked order by turn, "dueAt" limit ${limit}`;
    // The ranking read its rows before taking any lock: an item another instance claimed (and committed)
    // meanwhile would still be chosen. The due condition is checked again on the row as it is once
    // locked, and again by the update, so such an item is skipped rather than delivered twice.
    const stillDue = sql`status = 'pending' and "dueAt" <= ${now}`;
    const locked =
      this.dialect === "postgres"
        ? sql`select id from outbox where id in (${chosen}) and ${stillDue} for update skip locked`
        : chosen;
    const claimed = await sql<OutboxRow>`update outbox set "dueAt" = ${leaseUntil}, attempts = attempts + 1
      where id in (${locked}) and ${stillDue} returning *`.execute(this.db);
    return claimed.rows;
  }

  /**
   * Each item's workspace (through its webhook or its result) and its webhook's address, when it has
   * them: what the scheduler limits per workspace and per destination.
   */
  async placesOf(itemIds: readonly string[]): Promise<Map<string, OutboxItemPlace>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("outbox as o")
      .leftJoin("webhooks as w", "w.id", "o.targetId")
      .leftJoin("bots as wb", "wb.id", "w.botId")
      .leftJoin("results as r", "r.id", "o.resultId")
      .leftJoin("bots as rb", "rb.id", "r.botId")
      .select(["o.id", "wb.workspaceId as webhookWorkspaceId", "rb.workspaceId as resultWorkspaceId", "w.url"])
      .where("o.id", "in", itemIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { workspaceId: row.webhookWorkspaceId ?? row.resultWorkspaceId ?? null, targetUrl: row.url ?? null },
      ]),
    );
  }

  /** Gives back a claimed item that was not attempted: due at once again, its attempt not counted. */
  async release(itemId: string, now: string): Promise<void> {
    await this.db
      .updateTable("outbox")
      .set((eb) => ({ dueAt: now, attempts: eb("attempts", "-", 1) }))
      .where("id", "=", itemId)
      .where("status", "=", "pending")
      .execute();
  }

  /**
   * Makes due at once the items claimed by a process that died before settling them: claimed ones
   * count an attempt that left no record. Only for the embedded database, whose file one process
   * owns: at its start nothing else can be working on them. Returns how many there were.
   */
  async releaseOrphans(now: string): Promise<number> {
    const recorded = sql<number>`(select count(*) from "outboxAttempts" a where a."itemId" = outbox.id)`;
    const result = await this.db
      .updateTable("outbox")
      .set({ dueAt: now, attempts: recorded })
      .where("status", "=", "pending")
      .where("attempts", ">", recorded)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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
