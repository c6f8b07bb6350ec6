import fs from "node:fs";
import path from "node:path";
import type SqliteDatabase from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import pg from "pg";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Migration,
} from "kysely";
import type { Database, Db } from "./database.js";
import { CurrentSchemaPostgresDialect } from "./current-schema-introspector.js";
import { WalCheckpointer } from "./wal-checkpointer.js";
import { openSqliteConnection, type SqliteSettings } from "./sqlite-connection.js";
import { SqliteChatRepository } from "./chat/sqlite-chat-repository.js";
import * as initial from "./migrations/0001-initial.js";
import * as resultsAnalytics from "./migrations/0002-results-analytics.js";
import * as sessionsResultIndex from "./migrations/0003-sessions-result-index.js";
import * as browserSessions from "./migrations/0004-browser-sessions.js";
import * as dropResultsBotIndex from "./migrations/0005-drop-results-bot-index.js";
import * as previewTokens from "./migrations/0006-preview-tokens.js";
import * as botTests from "./migrations/0008-bot-tests.js";
import * as outbox from "./migrations/0009-outbox.js";
import * as channels from "./migrations/0010-channels.js";
import * as membersFolders from "./migrations/0011-members-folders.js";
import * as webhooks from "./migrations/0012-webhooks.js";
import * as idleSchedule from "./migrations/0017-idle-schedule.js";
import * as fileStorage from "./migrations/0018-file-storage.js";
import * as invitationLinks from "./migrations/0019-invitation-links.js";
import * as idleFires from "./migrations/0020-idle-fires.js";
import * as previewOwnersDomainProofs from "./migrations/0022-preview-owners-domain-proofs.js";
import * as themeTemplates from "./migrations/0014-theme-templates.js";
import * as botVersionsHistory from "./migrations/0025-bot-versions-history.js";
import * as knowledgeBases from "./migrations/0026-knowledge-bases.js";
import * as handoffs from "./migrations/0027-handoffs.js";
import * as staging from "./migrations/0028-staging.js";
import * as knowledgeVectors from "./migrations/0031-knowledge-vectors.js";
import * as handoffsResultIndex from "./migrations/0032-handoffs-result-index.js";

export type DialectName = "sqlite" | "postgres";

/**
 * The driver under Kysely, for the few hot statements that skip query building (a chat turn). On
 * SQLite those run on a thread of their own, started on first use and stopped with the store.
 */
export type NativeConnection =
  | { dialect: "sqlite"; chat(): SqliteChatRepository }
  | { dialect: "postgres"; pool: pg.Pool };

export type Store = {
  db: Db;
  dialect: DialectName;
  native: NativeConnection;
  /** Human-readable location, printed at start (never includes a password). */
  location: string;
  close(): Promise<void>;
};

// Numbered, append-only: a released migration is never edited, only followed by a new one.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-results-analytics": resultsAnalytics,
  "0003-sessions-result-index": sessionsResultIndex,
  "0004-browser-sessions": browserSessions,
  "0005-drop-results-bot-index": dropResultsBotIndex,
  "0006-preview-tokens": previewTokens,
  "0008-bot-tests": botTests,
  "0009-outbox": outbox,
  "0010-channels": channels,
  "0011-members-folders": membersFolders,
  "0012-webhooks": webhooks,
  "0017-idle-schedule": idleSchedule,
  "0018-file-storage": fileStorage,
  "0019-invitation-links": invitationLinks,
  "0020-idle-fires": idleFires,
  "0022-preview-owners-domain-proofs": previewOwnersDomainProofs,
  "0014-theme-templates": themeTemplates,
  "0025-bot-versions-history": botVersionsHistory,
  "0026-knowledge-bases": knowledgeBases,
  "0027-handoffs": handoffs,
  "0028-staging": staging,
  "0031-knowledge-vectors": knowledgeVectors,
  "0032-handoffs-result-index": handoffsResultIndex,
};

export type StoreOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** SQLite: checkpoint the WAL on a worker thread (the server), instead of in the commit that fills it. */
  backgroundCheckpoints?: boolean;
  /** SQLite: FULL makes every commit wait for the disk (config.sqliteSynchronous). */
  sqliteSynchronous?: "NORMAL" | "FULL";
};

const CHECKPOINT_INTERVAL_MS = 200;
/** Pages (4 KiB) the WAL may reach before a commit checkpoints anyway: only if the worker falls behind. */
const SAFETY_NET_CHECKPOINT_PAGES = 16_384;

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openSqlite(options.dataDir, options.backgroundCheckpoints, options.sqliteSynchronous);
  try {
    await migrate(store.db, store.dialect);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openSqlite(dataDir: string, backgroundCheckpoints = false, synchronous: "NORMAL" | "FULL" = "NORMAL"): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "parley.db");
  const checkpointer = backgroundCheckpoints ? new WalCheckpointer(file, CHECKPOINT_INTERVAL_MS) : undefined;
  // WAL + synchronous=NORMAL: a committed transaction survives a killed process (the WAL is in the
  // OS cache); only a power loss can drop the last commits. Without the checkpoint worker, SQLite's
  // default threshold (1000 pages) stands.
  const settings: SqliteSettings = {
    synchronous,
    walAutocheckpoint: checkpointer ? SAFETY_NET_CHECKPOINT_PAGES : 1000,
  };
  const database = openSqliteConnection(file, settings);
  database.pragma("journal_mode = WAL");
  // Knowledge bases' vector search (vec_distance_cosine); only this connection reads vectors.
  sqliteVec.load(database);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }) });
  let chat: SqliteChatRepository | undefined;
  const close = async () => {
    await chat?.close();
    await checkpointer?.close();
    await db.destroy();
  };
  return {
    db,
    dialect: "sqlite",
    native: { dialect: "sqlite", chat: () => (chat ??= new SqliteChatRepository({ file, ...settings })) },
    location: file,
    close,
  };
}

/**
 * Transactions take the write lock when they begin. The chat thread writes through a connection of
 * its own, and a transaction that read first and wrote later would fail when that thread had committed
 * in between (SQLite cannot wait there); begun immediate, it waits for the lock instead (busy_timeout).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small query, so prepared
 * statements are kept by SQL text (bounded). Iterating prepares its own statement, since a statement
 * being iterated cannot run anything else meanwhile.
 */
function withStatementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const cached = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const statement = cached(sql);
      return {
        reader: statement.reader,
        all: (parameters: readonly unknown[]) => statement.all(...parameters),
        run: (parameters: readonly unknown[]) => statement.run(...parameters),
        iterate: (parameters: readonly unknown[]) => database.prepare(sql).iterate(...parameters),
      };
    },
  };
}

function openPostgres(databaseUrl: string, poolSize = 10): Store {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  const url = new URL(databaseUrl);
  url.password = url.password ? "***" : "";
  return {
    db,
    dialect: "postgres",
    native: { dialect: "postgres", pool },
    location: url.toString(),
    close: () => db.destroy(),
  };
}

async function migrate(db: Db, dialect: DialectName): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: a second Parley
  // on the same PostgreSQL database (another schema in its search_path) would find the first one's
  // and fail with 'relation "parley_migrations_lock" does not exist'.
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "parley_migrations",
    migrationLockTableName: "parley_migrations_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Database migration ${failed ?? ""} failed: ${(error as Error).message ?? error}`);
  }
}

export async function checkStore(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
