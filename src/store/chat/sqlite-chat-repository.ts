import type SqliteDatabase from "better-sqlite3";
import type { SessionRow } from "../database.js";
import {
  answerColumns, logColumns, quoted, resultColumns, SessionConflictError, sessionColumns, valuesOf,
  type ChatRepository, type TurnWrite,
} from "../chat-repository.js";

type Pending = { write: TurnWrite; resolve: () => void; reject: (error: unknown) => void };

class NeedsSavepoints extends Error {}

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/**
 * Chat turns on the embedded database, with group commit: the turns that finish their engine work in
 * the same event-loop iteration are written in one transaction, and a lost race (or any failed
 * statement) undoes only that turn (see commitBatch). A commit is most of a turn's database
 * time (the WAL frames it appends), so sharing it is what lets many visitors answer at once. Every
 * caller is answered only after the commit that holds its turn.
 */
export class SqliteChatRepository implements ChatRepository {
  private pending: Pending[] = [];
  private readonly statements;

  constructor(private readonly database: SqliteDatabase.Database) {
    const prepare = (sql: string) => database.prepare(sql);
    this.statements = {
      findSession: prepare(`select * from "sessions" where "id" = ?`),
      insertSession: prepare(`insert into "sessions" (${quoted(sessionColumns)}) values (${placeholders(sessionColumns.length)})`),
      updateSession: prepare(
        `update "sessions" set "state" = ?, "updatedAt" = ?, "expiresAt" = ?, "revision" = "revision" + 1 where "id" = ? and "revision" = ?`,
      ),
      // Not naming expiresAt at all spares its index the delete and insert that setting it costs.
      updateSessionKeepingExpiry: prepare(`update "sessions" set "state" = ?, "updatedAt" = ?, "revision" = "revision" + 1 where "id" = ? and "revision" = ?`),
      deleteSession: prepare(`delete from "sessions" where "id" = ? and "revision" = ?`),
      // Every turn after the first finds its result there: updating first spares the failed insert.
      updateResult: prepare(
        `update "results" set "variables" = ?, "hasStarted" = ?, "lastChatSessionId" = ?, "lastInputBlockId" = ?, "updatedAt" = ?,
          "isCompleted" = case when ? = 1 then 1 else "isCompleted" end where "id" = ?`,
      ),
      insertResult: prepare(`insert into "results" (${quoted(resultColumns)}) values (${placeholders(resultColumns.length)})`),
      insertAnswer: prepare(`insert into "answers" (${quoted(answerColumns)}) values (${placeholders(answerColumns.length)})`),
      insertLog: prepare(`insert into "logs" (${quoted(logColumns)}) values (${placeholders(logColumns.length)})`),
      begin: prepare("begin immediate"),
      commit: prepare("commit"),
      rollback: prepare("rollback"),
      savepoint: prepare("savepoint turn"),
      release: prepare("release turn"),
      rollbackToSavepoint: prepare("rollback to turn"),
    };
  }

  async findSession(id: string): Promise<SessionRow | undefined> {
    return this.statements.findSession.get(id) as SessionRow | undefined;
  }

  writeTurn(write: TurnWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ write, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    // Kysely shares this connection; a transaction of its own may be between two awaits right now.
    if (this.database.inTransaction) {
      setImmediate(() => this.flush());
      return;
    }
    const batch = this.pending;
    this.pending = [];
    let failures: Map<Pending, unknown>;
    try {
      failures = this.commitBatch(batch);
    } catch (error) {
      for (const turn of batch) turn.reject(error);
      return;
    }
    for (const turn of batch) {
      if (failures.has(turn)) turn.reject(failures.get(turn));
      else turn.resolve();
    }
  }

  /**
   * The batch in one transaction. A lost race fails at a turn's first statement, before it wrote
   * anything, so the fast way needs no savepoint (two statements fewer per turn). Any other failure
   * throws NeedsSavepoints, undoing the batch, which then runs again with a savepoint per turn, so
   * that the failed turn is undone alone.
   */
  private commitBatch(batch: Pending[]): Map<Pending, unknown> {
    try {
      return this.commitOnce(batch, false);
    } catch (error) {
      if (error instanceof NeedsSavepoints) return this.commitOnce(batch, true);
      throw error;
    }
  }

  private commitOnce(batch: Pending[], withSavepoints: boolean): Map<Pending, unknown> {
    const { begin, commit, rollback, savepoint, release, rollbackToSavepoint } = this.statements;
    const failures = new Map<Pending, unknown>();
    try {
      begin.run();
      for (const turn of batch) {
        if (withSavepoints) savepoint.run();
        try {
          this.apply(turn.write);
        } catch (error) {
          if (withSavepoints) rollbackToSavepoint.run();
          else if (!(error instanceof SessionConflictError)) throw new NeedsSavepoints();
          failures.set(turn, error);
        }
        if (withSavepoints) release.run();
      }
      commit.run();
      return failures;
    } catch (error) {
      if (this.database.inTransaction) rollback.run();
      throw error;
    }
  }

  private apply({ session, results, answers, logs }: TurnWrite): void {
    const { insertSession, updateSession, updateSessionKeepingExpiry, deleteSession, updateResult, insertResult, insertAnswer, insertLog } = this.statements;
    // The session first: a lost race throws before anything of the turn is written (see commitBatch).
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
      const updated = updateResult.run(variables, hasStarted, lastChatSessionId ?? null, lastInputBlockId ?? null, updatedAt, isCompleted, id);
      if (updated.changes === 0) insertResult.run(valuesOf(result, resultColumns));
    }
    for (const answer of answers) insertAnswer.run(valuesOf(answer, answerColumns));
    for (const log of logs) insertLog.run(valuesOf(log, logColumns));
  }
}
