import { Worker } from "node:worker_threads";
import { bundledScript } from "../lib/bundled-script.js";
import { stopWorker } from "../lib/stop-worker.js";

/**
 * Moves SQLite's WAL checkpoints off the server's thread. A checkpoint copies the log into the
 * database file and syncs both to disk; run by the commit that crosses the threshold, as SQLite does
 * by default, it stalls every chat for those milliseconds (a tenth of the chat turns' database time in
 * the benchmark, and its slowest answers). A worker thread with its own connection checkpoints every
 * `intervalMs` instead; the server keeps a far-off automatic checkpoint only as a safety net.
 */
export class WalCheckpointer {
  private readonly worker: Worker;

  constructor(
    file: string,
    intervalMs: number,
    scriptUrl: URL = bundledScript("wal-checkpoint-worker", import.meta.url),
  ) {
    this.worker = new Worker(scriptUrl, { workerData: { file, intervalMs } });
    this.worker.unref();
    // A worker that cannot run leaves checkpoints to the safety net; nothing else depends on it.
    this.worker.on("error", () => undefined);
  }

  close(): Promise<void> {
    return stopWorker(this.worker, "close");
  }
}
