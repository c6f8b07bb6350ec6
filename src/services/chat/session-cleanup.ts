import type { AppContext } from "../context.js";
import { deleteSessionUploads, forgetSessionUploads } from "../files/upload-records.js";

const BATCH_SIZE = 500;
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions in small batches, so that a large backlog never holds the database long.
 * A preview's uploads go with its session; a live chat's stay with its result. Instances sharing a
 * PostgreSQL database claim disjoint batches: each expired session is deleted by one of them only.
 */
export async function deleteExpiredSessions(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await ctx.sessions.deleteExpiredBatch(now.toISOString(), BATCH_SIZE, async (expiring) => {
      await deleteSessionUploads(
        ctx,
        expiring.filter((session) => session.botVersionId === null).map((session) => session.id),
      );
      await forgetSessionUploads(
        ctx,
        expiring.filter((session) => session.botVersionId !== null).map((session) => session.id),
      );
    });
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}

/** Runs the clean-up now and every ten minutes, on every instance: the batches they claim never overlap. */
export function scheduleSessionCleanup(ctx: AppContext, onError: (error: unknown) => void): () => void {
  const run = () => void deleteExpiredSessions(ctx).catch(onError);
  run();
  const timer = setInterval(run, CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
