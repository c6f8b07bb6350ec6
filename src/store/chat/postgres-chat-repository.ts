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
import { batchedLookup, type Pending, perIteration } from "./batched-lookup.js";

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
  // A batch's own columns (turnBatchStatement).
  turn: "integer",
  expectedRevision: "integer",
};
const recordType = (columns: readonly string[]) =>
  columns.map((column) => `"${column}" ${columnTypes[column] ?? "text"}`).join(", ");
const rowOf = (row: object, columns: readonly string[]) =>
  Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column] ?? null]));
const rowsOf = (rows: readonly object[], columns: readonly string[]) =>
  JSON.stringify(rows.map((row) => rowOf(row, columns)));

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

/** The five tables a turn brings rows to, each with its columns and the turn's rows for it. */
const rowTables: {
  table: string;
  columns: readonly string[];
  onConflict: string;
  rows: (write: TurnWrite) => object[];
}[] = [
  {
    table: "results",
    columns: resultColumns,
    onConflict: `on conflict ("id") do update set ${resultUpsertSet}`,
    rows: (write) => write.results,
  },
  { table: "answers", columns: answerColumns, onConflict: "", rows: (write) => write.answers },
  { table: "logs", columns: logColumns, onConflict: "", rows: (write) => write.logs },
  { table: "outbox", columns: outboxColumns, onConflict: "", rows: (write) => write.outbox ?? [] },
  { table: "handoffs", columns: handoffColumns, onConflict: "", rows: (write) => write.handoffs ?? [] },
];

/**
 * The CTEs that insert a turn's rows from JSON row lists ($first to $first + 4), once its session
 * change went through; in a batch, each row carries its turn's index and waits for that turn's.
 */
function rowInserts(first: number, batched: boolean): string {
  const written = batched ? `r."turn" in (select "turn" from done)` : "exists (select 1 from session)";
  return rowTables
    .map(
      ({ table, columns, onConflict }, index) =>
        `"${table}" as (insert into "${table}" (${quoted(columns)}) select ${quoted(columns)}
    from json_to_recordset($${first + index}::json) as r(${recordType(batched ? [...columns, "turn"] : columns)})
    where ${written} ${onConflict} returning 1)`,
    )
    .join(",\n  ");
}

/**
 * One statement per turn shape: the session change and every row it brings ($1 to $5, JSON row lists),
 * as data-modifying CTEs. A statement is atomic on its own, so a whole turn is one round trip and no
 * explicit transaction; the session CTE runs first (the others wait on it), which keeps the lock order
 * of every other writer: sessions, then results.
 */
function turnStatement(kind: SessionWrite["kind"]): string {
  return `with session as (${sessionStatements[kind]}),
  ${rowInserts(1, false)}
  select count(*)::integer as "sessions" from session`;
}

/**
 * The turns of one event-loop iteration as one statement: $1 their session changes (each with its
 * turn's index, kind and expected revision), $2 their session ids (which the planner can see, so that
 * the update and delete go by primary key), $3 to $7 their rows, each with its turn's index. A turn's
 * rows are written only when its session change went through; the turns it answers are those.
 * Never two changes of one session in a batch: one update would match both.
 */
const sessionInputColumns = [...sessionColumns, "kind", "expectedRevision", "turn"];
const turnBatchStatement = `with s as (select * from json_to_recordset($1::json) as s(${recordType(sessionInputColumns)})),
  inserted as (insert into "sessions" (${quoted(sessionColumns)}) select ${quoted(sessionColumns)} from s where s."kind" = 'insert' returning "id"),
  updated as (update "sessions" t set "state" = s."state", "updatedAt" = s."updatedAt", "expiresAt" = coalesce(s."expiresAt", t."expiresAt"),
    "revision" = t."revision" + 1 from s where t."id" = any($2::text[]) and s."kind" = 'update' and t."id" = s."id" and t."revision" = s."expectedRevision" returning t."id"),
  deleted as (delete from "sessions" t using s where t."id" = any($2::text[]) and s."kind" = 'delete' and t."id" = s."id" and t."revision" = s."expectedRevision" returning t."id"),
  done as (select s."turn" from s where s."kind" = 'none' or s."id" in (select "id" from inserted union all select "id" from updated union all select "id" from deleted)),
  ${rowInserts(3, true)}
  select "turn" from done`;

function sessionInput(session: SessionWrite, turn: number) {
  switch (session.kind) {
    case "insert":
      return { ...rowOf(session.row, sessionColumns), kind: "insert", turn };
    case "update":
      return { ...session, expiresAt: session.expiresAt ?? null, turn };
    case "delete":
      return { ...session, turn };
    case "none":
      return { kind: "none", turn };
  }
}

const sessionIdOf = (session: SessionWrite) =>
  session.kind === "none" ? undefined : session.kind === "insert" ? session.row.id : session.id;

const statements = {
  findSessions: { name: "parley_find_sessions", text: `select * from "sessions" where "id" = any($1::text[])` },
  findLiveBots: {
    name: "parley_find_live_bots",
    text: `select "id", "name", "workspaceId", "publishedVersionId", "isClosed", "publicId" from "bots" where "publicId" = any($1::text[]) and "isArchived" = 0`,
  },
  turnBatch: { name: "parley_turn_batch", text: turnBatchStatement },
  turns: Object.fromEntries(
    (["insert", "update", "delete", "none"] as const).map((kind) => [
      kind,
      { name: `parley_turn_${kind}`, text: turnStatement(kind) },
    ]),
  ),
};

/**
 * Chat turns on PostgreSQL: one round trip to read the session, shared by the turns that ask in the
 * same event-loop iteration (as are the starts' bot lookups), and one to write the turns of an
 * iteration: one statement, atomic as a whole. When it fails, each of its turns is written again on
 * its own, so that one turn's error (a row another writer removed) fails that turn only.
 */
export class PostgresChatRepository implements ChatRepository {
  readonly findSession: (id: string) => Promise<SessionRow | undefined>;
  readonly findLiveBot: (publicId: string) => Promise<LiveBotRow | undefined>;
  readonly writeTurn: (write: TurnWrite) => Promise<void>;

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
    this.writeTurn = perIteration<TurnWrite, void>((batch) => {
      void this.writeBatch(batch);
    });
  }

  /**
   * A second change of a session already in the batch waits for the batch (it will lose the race, as
   * it would have on its own). When the statement fails, its turns are written one at a time, in the
   * order they came: as on the embedded database, a turn may build on the one before it.
   */
  private async writeBatch(batch: Pending<TurnWrite, void>[]): Promise<void> {
    const together: Pending<TurnWrite, void>[] = [];
    const after: Pending<TurnWrite, void>[] = [];
    const sessions = new Set<string>();
    for (const call of batch) {
      const id = sessionIdOf(call.input.session);
      if (id !== undefined && sessions.has(id)) after.push(call);
      else {
        if (id !== undefined) sessions.add(id);
        together.push(call);
      }
    }
    const settled = together.length > 1 && (await this.settleTogether(together));
    for (const call of settled ? after : [...together, ...after])
      await this.writeOne(call.input).then(call.resolve, call.reject);
  }

  /** Writes the calls' turns as one statement and settles each; false when it failed (nothing written). */
  private async settleTogether(calls: Pending<TurnWrite, void>[]): Promise<boolean> {
    let written: Set<number>;
    try {
      written = await this.writeTurns(calls.map((call) => call.input));
    } catch {
      return false;
    }
    calls.forEach((call, turn) => {
      if (written.has(turn)) call.resolve();
      else call.reject(new SessionConflictError());
    });
    return true;
  }

  /** The turns' indexes whose session change went through (with everything they brought). */
  private async writeTurns(writes: TurnWrite[]): Promise<Set<number>> {
    const rowLists = rowTables.map(({ columns, rows }) =>
      JSON.stringify(writes.flatMap((write, turn) => rows(write).map((row) => ({ ...rowOf(row, columns), turn })))),
    );
    const { rows } = await this.pool.query<{ turn: number }>({
      ...statements.turnBatch,
      values: [
        JSON.stringify(writes.map((write, turn) => sessionInput(write.session, turn))),
        writes.flatMap((write) => sessionIdOf(write.session) ?? []),
        ...rowLists,
      ],
    });
    return new Set(rows.map((row) => row.turn));
  }

  private async writeOne(write: TurnWrite): Promise<void> {
    const { rows } = await this.pool.query<{ sessions: number }>({
      ...statements.turns[write.session.kind]!,
      values: [...rowTables.map(({ columns, rows }) => rowsOf(rows(write), columns)), ...sessionValues(write.session)],
    });
    if (rows[0]!.sessions !== 1) throw new SessionConflictError();
  }
}
