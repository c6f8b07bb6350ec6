import type { Insertable } from "kysely";
import type { AnswersTable, Db, LogsTable, ResultsTable, SessionsTable } from "./database.js";

export type SessionWrite =
  | { kind: "insert"; row: Insertable<SessionsTable> }
  /** Applies only when the stored revision is still `expectedRevision`. */
  | { kind: "update"; id: string; expectedRevision: number; state: string; updatedAt: string; expiresAt: string | null }
  | { kind: "delete"; id: string; expectedRevision: number }
  | { kind: "none" };

export type ResultWrite = {
  row: Insertable<ResultsTable>;
  /** isCompleted is only ever raised, never reset. */
  markCompleted: boolean;
};

export type TurnWrite = {
  session: SessionWrite;
  result?: ResultWrite;
  answers: Insertable<AnswersTable>[];
  logs: Insertable<LogsTable>[];
};

export class SessionConflictError extends Error {}

/** Everything one chat turn changes, in one transaction: the session first, so a lost race writes nothing. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  async writeTurn(write: TurnWrite): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { session } = write;
      if (session.kind === "insert") {
        await trx.insertInto("sessions").values(session.row).execute();
      } else if (session.kind === "update") {
        const updated = await trx
          .updateTable("sessions")
          .set((eb) => ({ state: session.state, updatedAt: session.updatedAt, expiresAt: session.expiresAt, revision: eb("revision", "+", 1) }))
          .where("id", "=", session.id)
          .where("revision", "=", session.expectedRevision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new SessionConflictError();
      } else if (session.kind === "delete") {
        const deleted = await trx
          .deleteFrom("sessions")
          .where("id", "=", session.id)
          .where("revision", "=", session.expectedRevision)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) throw new SessionConflictError();
      }
      if (write.result) {
        const { row, markCompleted } = write.result;
        await trx
          .insertInto("results")
          .values(row)
          .onConflict((oc) =>
            oc.column("id").doUpdateSet({
              variables: row.variables,
              hasStarted: row.hasStarted,
              lastChatSessionId: row.lastChatSessionId,
              lastInputBlockId: row.lastInputBlockId ?? null,
              updatedAt: row.updatedAt,
              ...(markCompleted ? { isCompleted: 1 as const } : {}),
            }),
          )
          .execute();
      }
      if (write.answers.length > 0) await trx.insertInto("answers").values(write.answers).execute();
      if (write.logs.length > 0) await trx.insertInto("logs").values(write.logs).execute();
    });
  }
}
