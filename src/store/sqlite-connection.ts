import SqliteDatabase from "better-sqlite3";

/** What every connection of the server to its database file is opened with (the chat thread's too). */
export type SqliteSettings = {
  /** NORMAL: a committed transaction survives a killed process; FULL also a power loss. */
  synchronous: "NORMAL" | "FULL";
  /** Pages the WAL may reach before the committing connection checkpoints it itself. */
  walAutocheckpoint: number;
};

/**
 * A connection with the server's settings. busy_timeout makes each writer (the server's thread, the
 * chat thread, the CLI) wait for another's commit instead of failing at once.
 */
export function openSqliteConnection(file: string, settings: SqliteSettings): SqliteDatabase.Database {
  const database = new SqliteDatabase(file);
  database.pragma(`synchronous = ${settings.synchronous}`);
  database.pragma(`wal_autocheckpoint = ${settings.walAutocheckpoint}`);
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  return database;
}
