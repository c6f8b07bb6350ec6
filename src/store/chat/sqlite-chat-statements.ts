import type SqliteDatabase from "better-sqlite3";
import type { SessionRow } from "../database.js";
import {
  answerColumns,
  handoffColumns,
  logColumns,
  outboxColumns,
  quoted,
  resultColumns,
  SessionConflictError,
  sessionColumns,
  type LiveBotRow,
  valuesOf,
  type TurnWrite,
} from "../chat-repository.js";
import { storedFailure, type TurnOutcome } from "./sqlite-chat-protocol.js";

class NeedsSavepoints extends Error {}

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/**
 * The chat turn's statements on one SQLite connection, prepared once: read a session, and write a
 * batch of turns in one transaction (group commit), where a lost race or a failed statement undoes
 * only its own turn (see writeBatch). Synchronous; the chat thread (./sqlite-chat-worker.ts) runs it.
 */
export class SqliteChatStatements {
  private readonly statements;

  /**
   * A batch of reads in one read transaction: each statement alone would be a transaction of its own,
   * and each takes and releases its WAL read lock with two system calls (fcntl), two per turn in all.
   */
  readonly findBatch;

  constructor(private readonly database: SqliteDatabase.Database) {
    this.findBatch = database.transaction((sessionIds: readonly string[], publicIds: readonly string[]) => ({
      sessions: sessionIds.map((id) => this.findSession(id)),
      liveBots: publicIds.map((publicId) => this.findLiveBot(publicId)),
    }));
    const prepare = (sql: string) => database.prepare(sql);
    this.statements = {
      findSession: prepare(`select * from "sessions" where "id" = ?`),
      findLiveBot: prepare(
        `select "id", "name", "workspaceId", "publishedVersionId", "isClosed" from "bots" where "publicId" = ? and "isArchived" = 0`,
      ),
      insertSession: prepare(
        `insert into "sessions" (${quoted(sessionColumns)}) values (${placeholders(sessionColumns.length)})`,
      ),
      updateSession: prepare(
        `update "sessions" set "state" = ?, "updatedAt" = ?, "expiresAt" = ?, "revision" = "revision" + 1 where "id" = ? and "revision" = ?`,
      ),
      // Not naming expiresAt at all spares its index the delete and insert that setting it costs.
      updateSessionKeepingExpiry: prepare(
        `update "sessions" set "state" = ?, "updatedAt" = ?, "revision" = "revision" + 1 where "id" = ? and "revision" = ?`,
      ),
      deleteSession: prepare(`delete from "sessions" where "id" = ? and "revision" = ?`),
      // Every turn after the first finds its result there: updating first spares the failed insert.
      updateResult: prepare(
        `update "results" set "variables" = ?, "hasStarted" = ?, "lastChatSessionId" = ?, "lastInputBlockId" = ?, "updatedAt" = ?,
          "isCompleted" = case when ? = 1 then 1 else "isCompleted" end where "id" = ?`,
      ),
      insertResult: prepare(
        `insert into "results" (${quoted(resultColumns)}) values (${placeholders(resultColumns.length)})`,
      ),
      insertAnswer: prepare(
        `insert into "answers" (${quoted(answerColumns)}) values (${placeholders(answerColumns.length)})`,
      ),
      insertLog: prepare(`insert into "logs" (${quoted(logColumns)}) values (${placeholders(logColumns.length)})`),
      insertOutboxItem: prepare(
        `insert into "outbox" (${quoted(outboxColumns)}) values (${placeholders(outboxColumns.length)})`,
      ),
      insertHandoff: prepare(
        `insert into "handoffs" (${quoted(handoffColumns)}) values (${placeholders(handoffColumns.length)})`,
      ),
      begin: prepare("begin immediate"),
      commit: prepare("commit"),
      rollback: prepare("rollback"),
      savepoint: prepare("savepoint turn"),
      release: prepare("release turn"),
      rollbackToSavepoint: prepare("rollback to turn"),
    };
  }

  findSession(id: string): SessionRow | undefined {
    return this.statements.findSession.get(id) as SessionRow | undefined;
  }

  findLiveBot(publicId: string): LiveBotRow | undefined {
    return this.statements.findLiveBot.get(publicId) as LiveBotRow | undefined;
  }

  /**
   * The batch in one transaction. A lost race fails at a turn's first statement, before it wrote
   * anything, so the fast way needs no savepoint (two statements fewer per turn). Any other failure
   * undoes the batch, which then runs again with a savepoint per turn, so that the failed turn is
   * undone alone. Throws only when the transaction itself fails (then nothing was written).
   */
  writeBatch(writes: readonly TurnWrite[]): TurnOutcome[] {
    try {
      return this.commitOnce(writes, false);
    } catch (error) {
      if (error instanceof NeedsSavepoints) return this.commitOnce(writes, true);
      throw error;
    }
  }

  private commitOnce(writes: readonly TurnWrite[], withSavepoints: boolean): TurnOutcome[] {
    const { begin, commit, rollback, savepoint, release, rollbackToSavepoint } = this.statements;
    try {
      begin.run();
      const outcomes = writes.map((write): TurnOutcome => {
        if (withSavepoints) savepoint.run();
        try {
          this.apply(write);
          return { ok: true };
        } catch (error) {
          if (withSavepoints) rollbackToSavepoint.run();
          else if (!(error instanceof SessionConflictError)) throw new NeedsSavepoints();
          return failedTurn(error);
        } finally {
          if (withSavepoints) release.run();
        }
      });
      commit.run();
      return outcomes;
    } catch (error) {
      if (this.database.inTransaction) rollback.run();
      throw error;
    }
  }

  private apply({ session, results, answers, logs, outbox = [], handoffs = [] }: TurnWrite): void {
    const {
      insertSession,
      updateSession,
      updateSessionKeepingExpiry,
      deleteSession,
      updateResult,
      insertResult,
      insertAnswer,
      insertLog,
      insertOutboxItem,
      insertHandoff,
    } = this.statements;
    // The session first: a lost race throws before anything of the turn is written (see writeBatch).
    if (session.kind === "insert") insertSession.run(valuesOf(session.row, sessionColumns));
    else if (session.kind === "update") {
      const { state, updatedAt, expiresAt, id, expectedRevision } = session;
      const { changes } = expiresAt
        ? updateSession.run(state, updatedAt, expiresAt, id, expectedRevision)
        : updateSessionKeepingExpiry.run(state, updatedAt, id, expectedRevision);
      if (changes !== 1) throw new SessionConflictError();
    } else if (session.kind === "delete") {
      if (deleteSession.run(session.id, session.expectedRevision).changes !== 1) throw new SessionConflictError();
    }
    for (const result of results) {
      const { variables, hasStarted, lastChatSessionId, lastInputBlockId, updatedAt, isCompleted, id } = result;
      const updated = updateResult.run(
        variables,
        hasStarted,
        lastChatSessionId ?? null,
        lastInputBlockId ?? null,
        updatedAt,
        isCompleted,
        id,
      );
      if (updated.changes === 0) insertResult.run(valuesOf(result, resultColumns));
    }
    for (const answer of answers) insertAnswer.run(valuesOf(answer, answerColumns));
    for (const log of logs) insertLog.run(valuesOf(log, logColumns));
    for (const item of outbox) insertOutboxItem.run(valuesOf(item, outboxColumns));
    for (const handoff of handoffs) insertHandoff.run(valuesOf(handoff, handoffColumns));
  }
}

function failedTurn(error: unknown): TurnOutcome {
  return error instanceof SessionConflictError
    ? { ok: false, conflict: true }
    : { ok: false, conflict: false, ...storedFailure(error) };
}
