import { sql, type Insertable, type RawBuilder, type Transaction } from "kysely";
import type { DialectName } from "./connect.js";
import { resultJson } from "./result-json.js";
import type { Database, Db, Flag, LogsTable, ResultRow } from "./database.js";

export type AnswerRow = { blockId: string; content: string; attachedFileUrls: string | null };
/** The `context` of the log a turn leaves when it took an input's idle path (its details: the block id). */
export const IDLE_LOG_CONTEXT = "Idle timeout";
/** An input left unanswered past its idle timeout, from its log: "No answer within N s". */
export type IdleLogRow = { blockId: string; description: string; createdAt: string };
export type LogRow = {
  status: string;
  description: string;
  details: string | null;
  context: string | null;
  createdAt: string;
};

/** A window on createdAt: `from` inclusive, `to` exclusive, both ISO strings in UTC (absent: unbounded). */
export type TimeBounds = { from?: string; to?: string };
/** One version's results only (versionId); staging's chats (staging true) instead of visitors'. */
export type ResultScope = { versionId?: string; staging?: boolean };

/** A position in the newest-first listing: the last row of the previous page. */
export type Keyset = { createdAt: string; id: string };

export type ResultWithAnswers = { result: ResultRow; answers: AnswerRow[] };
/** A page's row: what the page needs of the result besides its resource's JSON text. */
export type ResultJsonRow = Pick<ResultRow, "id" | "createdAt" | "botVersionId" | "isStaging"> & { json: string };

export type ResultCounts = { views: number; starts: number; completions: number };

// Literals, not bound parameters: the partial indexes (results_listing, _analytics, _dropoffs) only serve
// a query whose WHERE visibly implies theirs, which SQLite cannot prove from a `?`.
const ONE = sql.lit<Flag>(1);
const ZERO = sql.lit<Flag>(0);

/** A result's answers in the order given, as a JSON array of [blockId, content, attachedFileUrls]. */
const answersJson: Record<DialectName, RawBuilder<string>> = {
  sqlite: sql`(select json_group_array(json_array(a."blockId", a."content", a."attachedFileUrls") order by a."position", a."createdAt") from "answers" a where a."resultId" = "results"."id")`,
  postgres: sql`(select coalesce(json_agg(json_build_array(a."blockId", a."content", a."attachedFileUrls") order by a."position", a."createdAt")::text, '[]') from "answers" a where a."resultId" = "results"."id")`,
};

function decodeAnswers(stored: string): AnswerRow[] {
  return (JSON.parse(stored) as [string, string, string | null][]).map(([blockId, content, attachedFileUrls]) => ({
    blockId,
    content,
    attachedFileUrls,
  }));
}

export class ResultsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /** A live result of this bot, with its answers in the order given; undefined when unknown or archived. */
  async findWithAnswers(
    botId: string,
    resultId: string,
  ): Promise<{ result: ResultRow; answers: (AnswerRow & { createdAt: string })[] } | undefined> {
    const result = await this.findLive(botId, resultId);
    if (!result) return undefined;
    const answers = await this.db
      .selectFrom("answers")
      .select(["blockId", "content", "attachedFileUrls", "createdAt"])
      .where("resultId", "=", resultId)
      .orderBy("position")
      .orderBy("createdAt")
      .execute();
    return { result, answers };
  }

  findLive(botId: string, resultId: string): Promise<ResultRow | undefined> {
    return this.db
      .selectFrom("results")
      .selectAll()
      .where("id", "=", resultId)
      .where("botId", "=", botId)
      .where("isArchived", "=", 0)
      .executeTakeFirst();
  }

  async countAnswers(resultId: string): Promise<number> {
    const row = await this.db
      .selectFrom("answers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("resultId", "=", resultId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertLogs(trx: Transaction<Database> | Db, rows: Insertable<LogsTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto("logs").values(rows).execute();
  }

  /**
   * Started, non-archived results newest first, strictly after `after` in that order, each with its
   * answers in the order given: one query whatever the page size. Keyset on (createdAt, id) along the
   * results_listing index: every page costs the same wherever it starts. `createdAt <= c AND
   * (createdAt < c OR id < i)` is the row comparison `(createdAt, id) < (c, i)` written so that both
   * engines take the first half as an index range. The answers come as one JSON array per result,
   * built by the database: turning each answer row into a JavaScript object cost more than the
   * database's own work.
   */
  async listStartedWithAnswers(
    botId: string,
    bounds: TimeBounds,
    after: Keyset | undefined,
    limit: number,
    scope: ResultScope = {},
  ): Promise<ResultWithAnswers[]> {
    const rows = await this.startedPage(botId, bounds, after, limit, scope)
      .selectAll()
      .select(answersJson[this.dialect].as("answers"))
      .execute();
    return rows.map(({ answers, ...result }) => ({ result, answers: decodeAnswers(answers) }));
  }

  /** The same page as listStartedWithAnswers, each result as its API resource's JSON text (see resultJson). */
  listStartedAsJson(
    botId: string,
    bounds: TimeBounds,
    after: Keyset | undefined,
    limit: number,
    scope: ResultScope = {},
  ): Promise<ResultJsonRow[]> {
    return this.startedPage(botId, bounds, after, limit, scope)
      .select(["id", "createdAt", "botVersionId", "isStaging", resultJson(this.dialect).as("json")])
      .execute();
  }

  /** Started, non-archived results of the window and scope, newest first, after the keyset. */
  private startedPage(botId: string, bounds: TimeBounds, after: Keyset | undefined, limit: number, scope: ResultScope) {
    let query = this.db
      .selectFrom("results")
      .where("botId", "=", botId)
      .where("hasStarted", "=", ONE)
      .where("isArchived", "=", ZERO)
      .where("isStaging", "=", scope.staging ? ONE : ZERO);
    if (scope.versionId) query = query.where("botVersionId", "=", scope.versionId);
    if (bounds.from) query = query.where("createdAt", ">=", bounds.from);
    if (bounds.to) query = query.where("createdAt", "<", bounds.to);
    if (after)
      query = query
        .where("createdAt", "<=", after.createdAt)
        .where((eb) => eb.or([eb("createdAt", "<", after.createdAt), eb("id", "<", after.id)]));
    return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit);
  }

  /** Every started result of the window, newest first, a batch at a time: memory stays one batch. */
  async *iterateStarted(botId: string, bounds: TimeBounds, batchSize: number): AsyncGenerator<ResultWithAnswers[]> {
    let after: Keyset | undefined;
    for (;;) {
      const batch = await this.listStartedWithAnswers(botId, bounds, after, batchSize);
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      const last = batch[batch.length - 1]!.result;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /** The result's logs, oldest first (logs of one turn share a timestamp and keep the engine's order). */
  logsOf(resultId: string): Promise<LogRow[]> {
    return this.db
      .selectFrom("logs")
      .select(["status", "description", "details", "context", "createdAt"])
      .where("resultId", "=", resultId)
      .orderBy("createdAt")
      .execute();
  }

  /** The inputs the result's chat left unanswered past their idle timeout, oldest first. */
  async idleLogsOf(resultId: string): Promise<IdleLogRow[]> {
    const rows = await this.db
      .selectFrom("logs")
      .select(["details", "description", "createdAt"])
      .where("resultId", "=", resultId)
      .where("context", "=", IDLE_LOG_CONTEXT)
      .orderBy("createdAt")
      .execute();
    return rows.map((row) => ({ blockId: row.details ?? "", description: row.description, createdAt: row.createdAt }));
  }

  /** Idle timeouts taken in the window's results, per input block, most first. */
  async idleTimeoutCounts(
    botId: string,
    bounds: TimeBounds,
    scope: ResultScope = {},
  ): Promise<{ blockId: string; total: number }[]> {
    let query = this.db
      .selectFrom("logs")
      .innerJoin("results", "results.id", "logs.resultId")
      .select((eb) => ["logs.details", eb.fn.countAll<number | string>().as("total")])
      .where("results.botId", "=", botId)
      .where("results.isArchived", "=", ZERO)
      .where("results.isStaging", "=", scope.staging ? ONE : ZERO)
      .where("logs.context", "=", IDLE_LOG_CONTEXT)
      .where("logs.details", "is not", null);
    if (scope.versionId) query = query.where("results.botVersionId", "=", scope.versionId);
    if (bounds.from) query = query.where("results.createdAt", ">=", bounds.from);
    if (bounds.to) query = query.where("results.createdAt", "<", bounds.to);
    const rows = await query.groupBy("logs.details").execute();
    return rows
      .map((row) => ({ blockId: row.details!, total: Number(row.total) }))
      .sort((a, b) => b.total - a.total || (a.blockId < b.blockId ? -1 : 1));
  }

  /** Archives the given results of the bot, or all of them; returns how many were archived. */
  async archive(botId: string, resultIds?: readonly string[]): Promise<number> {
    if (resultIds && resultIds.length === 0) return 0;
    let query = this.db
      .updateTable("results")
      .set({ isArchived: 1 })
      .where("botId", "=", botId)
      .where("isArchived", "=", 0);
    if (resultIds) query = query.where("id", "in", resultIds);
    const updated = await query.executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  /** Views (every result), starts and completions of the window, in one index-only pass. */
  async counts(botId: string, bounds: TimeBounds, scope: ResultScope = {}): Promise<ResultCounts> {
    let query = this.db
      .selectFrom("results")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("views"),
        eb.fn.sum<number | string | null>("hasStarted").as("starts"),
        eb.fn.sum<number | string | null>("isCompleted").as("completions"),
      ])
      .where("botId", "=", botId)
      .where("isArchived", "=", ZERO)
      .where("isStaging", "=", scope.staging ? ONE : ZERO);
    if (scope.versionId) query = query.where("botVersionId", "=", scope.versionId);
    if (bounds.from) query = query.where("createdAt", ">=", bounds.from);
    if (bounds.to) query = query.where("createdAt", "<", bounds.to);
    const row = await query.executeTakeFirstOrThrow();
    return { views: Number(row.views), starts: Number(row.starts ?? 0), completions: Number(row.completions ?? 0) };
  }

  /** Started, unfinished results of the window per input block they were left waiting on, most first. */
  async dropOffs(
    botId: string,
    bounds: TimeBounds,
    scope: ResultScope = {},
  ): Promise<{ blockId: string; total: number }[]> {
    let query = this.db
      .selectFrom("results")
      .select((eb) => ["lastInputBlockId", eb.fn.countAll<number | string>().as("total")])
      .where("botId", "=", botId)
      .where("isArchived", "=", ZERO)
      .where("isStaging", "=", scope.staging ? ONE : ZERO)
      .where("hasStarted", "=", ONE)
      .where("isCompleted", "=", ZERO)
      .where("lastInputBlockId", "is not", null);
    if (scope.versionId) query = query.where("botVersionId", "=", scope.versionId);
    if (bounds.from) query = query.where("createdAt", ">=", bounds.from);
    if (bounds.to) query = query.where("createdAt", "<", bounds.to);
    const rows = await query.groupBy("lastInputBlockId").execute();
    return rows
      .map((row) => ({ blockId: row.lastInputBlockId!, total: Number(row.total) }))
      .sort((a, b) => b.total - a.total || (a.blockId < b.blockId ? -1 : 1));
  }
}

export const flag = (value: boolean): Flag => (value ? 1 : 0);
