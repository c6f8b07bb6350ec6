import { once } from "node:events";
import type { Worker } from "node:worker_threads";

/**
 * Asks a worker thread to finish (`message`: it closes its database connection and its port), and
 * terminates it if it has not exited within `graceMs`.
 */
export async function stopWorker(worker: Worker, message: unknown, graceMs = 2000): Promise<void> {
  const exited = once(worker, "exit");
  // An unref'd worker (the WAL checkpointer) and the unref'd grace timer would let the process end
  // right here when nothing else is left, as when a start fails: the caller's error never printed.
  worker.ref();
  worker.postMessage(message);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  await worker.terminate();
}
