import { once } from "node:events";
import type { Worker } from "node:worker_threads";

/**
 * Asks a worker thread to finish (`message`: it closes its database connection and its port), and
 * terminates it if it has not exited within `graceMs`. A worker that already stopped (it failed to
 * start, or failed since) is left as it is: its exit has been and will not come again.
 */
export async function stopWorker(worker: Worker, message: unknown, graceMs = 2000): Promise<void> {
  if (worker.threadId === -1) return;
  const exited = once(worker, "exit");
  // An unref'd worker (the WAL checkpointer) would let the process end right here when nothing else
  // is left, as when a start fails: the caller's error never printed. The grace timer holds it too.
  worker.ref();
  worker.postMessage(message);
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
  clearTimeout(grace);
  await worker.terminate();
}
