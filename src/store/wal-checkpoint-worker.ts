import { parentPort, workerData } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";

/** The worker side of WalCheckpointer: its own connection, checkpointing on a timer until told to stop. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const database = new SqliteDatabase(file);
// Passive: copies what it can without waiting for, or holding up, the server's readers and writers.
const checkpoint = database.prepare("pragma wal_checkpoint(passive)");
const run = () => {
  try {
    checkpoint.run();
  } catch {
    // A busy or failed round is retried at the next tick; the server's own safety-net checkpoint remains.
  }
};
const timer = setInterval(run, intervalMs);
parentPort!.on("message", (message) => {
  if (message !== "close") return;
  clearInterval(timer);
  run();
  database.close();
  parentPort!.close();
});
