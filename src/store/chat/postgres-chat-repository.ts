import type pg from "pg";
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
  valuesOf,
  type ChatRepository,
  type LiveBotRow,
  type SessionWrite,
  type TurnWrite,
} from "../chat-repository.js";
import { batchedLookup } from "./batched-lookup.js";

/** A result seen again keeps its creation, archive flag and completion (completion is only ever raised). */
const resultUpsertSet = `"variables" = excluded."variables", "hasStarted" = excluded."hasStarted",
  "lastChatSessionId" = excluded."lastChatSessionId", "lastInputBlockId" = excluded."lastInputBlockId", "updatedAt" = excluded."updatedAt",
  "isCompleted" = case when excluded."isCompleted" = 1 then 1 else "results"."isCompleted" end`;

const columnTypes: Record<string, string> = {
  revision: "integer",
  isCompleted: "integer",
  hasStarted: "integer",
  isArchived: "integer",
  isStaging: "integer",
  position: "integer",
  attempts: "integer",
  displayOperatorName: "integer",
};
const recordType = (columns: readonly string[]) =>
  columns.map((column) => `"${column}" ${columnTypes[column] ?? "text"}`).join(", ");
const rowsOf = (rows: readonly object[], columns: readonly string[]) =>
  JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column] ?? null])),
    ),
  );

/**
 * The session part of a turn, on plain parameters after the five JSON row lists ($6 on): one row by
 * primary key, as the planner can see (read from JSON, a turn got five times slower once some twenty
 * thousand sessions were open). Its `returning 1` row is what lets the rest of the turn happen.
 */
const sessionStatements: Record<SessionWrite["kind"], string> = {
  insert: `insert into "sessions" (${quoted(sessionColumns)}) values (${sessionColumns.map((_, i) => `$${i + 6}`).join(", ")}) returning 1`,
  update: `update "sessions" set "state" = $6, "updatedAt" = $7, "expiresAt" = coalesce($8, "expiresAt"), "revision" = "revision" + 1 where "id" = $9 and "revision" = $10 returning 1`,
  delete: `delete from "sessions" where "id" = $6 and "revision" = $7 returning 1`,
  none: "select 1",
};

function sessionValues(session: SessionWrite): unknown[] {
  switch (session.kind) {
    case "insert":
      return valuesOf(session.row, sessionColumns);
    case "update":
      return [session.state, session.updatedAt, session.expiresAt ?? null, session.id, session.expectedRevision];
    case "delete":
      return [session.id, session.expectedRevision];
    case "none":
      return [];
  }
}

/** The rows of one table from a JSON parameter, written only when the session part went through. */
const insertRows = (table: string, columns: readonly string[], parameter: string, onConflict = "") =>
  `insert into "${table}" (${quoted(columns)}) select ${quoted(columns)} from json_to_recordset(${parameter}::json) as r(${recordType(columns)})
    where exists (select 1 from session) ${onConflict}`;

/**
 * One statement per turn shape: the session change and every row it brings, as data-modifying CTEs.
 * A statement is atomic on its own, so a whole turn is one round trip and no explicit transaction;
 * the session CTE runs first (the others wait on it), which keeps the lock order of every other
 * writer: sessions, then results.
 */
function turnStatement(kind: SessionWrite["kind"]): string {
  return `with session as (${sessionStatements[kind]}),
    results as (${insertRows("results", resultColumns, "$1", `on conflict ("id") do update set ${resultUpsertSet} returning 1`)}),
    answers as (${insertRows("answers", answerColumns, "$2")} returning 1),
    logs as (${insertRows("logs", logColumns, "$3")} returning 1),
    outbox as (${insertRows("outbox", outboxColumns, "$4")} returning 1),
    handoffs as (${insertRows("handoffs", handoffColumns, "$5")} returning 1)
    select count(*)::integer as "sessions" from session`;
}

const statements = {
  findSessions: { name: "parley_find_sessions", text: `select * from "sessions" where "id" = any($1::text[])` },
  findLiveBots: {
    name: "parley_find_live_bots",
    text: `select "id", "name", "workspaceId", "publishedVersionId", "isClosed", "publicId" from "bots" where "publicId" = any($1::text[]) and "isArchived" = 0`,
  },
  turns: Object.fromEntries(
    (["insert", "update", "delete", "none"] as const).map((kind) => [
      kind,
      { name: `parley_turn_${kind}`, text: turnStatement(kind) },
    ]),
  ),
};

/**
 * Chat turns on PostgreSQL: one round trip to read the session, shared by the turns that ask in the
 * same event-loop iteration (as are the starts' bot lookups), and one to write the turn.
 */
export class PostgresChatRepository implements ChatRepository {
  readonly findSession: (id: string) => Promise<SessionRow | undefined>;
  readonly findLiveBot: (publicId: string) => Promise<LiveBotRow | undefined>;

  constructor(private readonly pool: pg.Pool) {
    this.findSession = batchedLookup(async (ids) => {
      const { rows } = await pool.query<SessionRow>({ ...statements.findSessions, values: [ids] });
      return rows.map((row) => [row.id, row]);
    });
    this.findLiveBot = batchedLookup(async (publicIds) => {
      const { rows } = await pool.query<LiveBotRow & { publicId: string }>({
        ...statements.findLiveBots,
        values: [publicIds],
      });
      return rows.map(({ publicId, ...bot }) => [publicId, bot]);
    });
  }

  async writeTurn({ session, results, answers, logs, outbox = [], handoffs = [] }: TurnWrite): Promise<void> {
    const { rows } = await this.pool.query<{ sessions: number }>({
      ...statements.turns[session.kind]!,
      values: [
        rowsOf(results, resultColumns),
        rowsOf(answers, answerColumns),
        rowsOf(logs, logColumns),
        rowsOf(outbox, outboxColumns),
        rowsOf(handoffs, handoffColumns),
        ...sessionValues(session),
      ],
    });
    if (rows[0]!.sessions !== 1) throw new SessionConflictError();
  }
}
