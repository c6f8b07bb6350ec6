import { handOffResumeMessage } from "../../engine/blocks/logic/hand-off.js";
import type { HandoffRow } from "../../store/handoffs-repository.js";
import { type Attempt, type DueWorkRunner, startDueWorkRunner } from "../background/due-work-runner.js";
import { continueChat } from "../chat/continue-chat.js";
import type { AppContext } from "../context.js";
import { handoffsOf, inboxSignal } from "./handoff-turns.js";

const BATCH_SIZE = 20;
/** A fire whose turn could not be saved (the session busy, the database away) is tried again this much later. */
const RETRY_MS = 30_000;

/**
 * Sends the chats nobody took in time down their hand-off's "no operator" exit, each once: a claim
 * leases the row to one instance (SKIP LOCKED on PostgreSQL), and the status moves from waiting to
 * timed out before the turn, so an operator taking the chat at that moment wins or loses as a whole.
 */
export function startHandOffTimeoutRunner(
  ctx: AppContext,
  options: { pollMs: number; onError(error: unknown): void },
): DueWorkRunner {
  const handoffs = handoffsOf(ctx);
  const leaseMs = (ctx.config.protection.chatTurnTimeoutMs || 60_000) * 3 + 60_000;
  return startDueWorkRunner<HandoffRow, Attempt>(
    {
      claim(limit) {
        const now = Date.now();
        return handoffs.claimDueTimeouts(new Date(now).toISOString(), new Date(now + leaseMs).toISOString(), limit);
      },
      async attempt(row) {
        // Taken or ended since the claim: nothing to fire.
        if (!(await handoffs.end(row.id, ["waiting"], "timed_out", new Date().toISOString()))) return { ok: true };
        try {
          await continueChat(ctx, row.sessionId, { message: handOffResumeMessage({ handOff: "timeout" }) }, undefined, {
            blockId: row.blockId,
            handOff: true,
          });
        } catch (error) {
          await handoffs.reopen(row.id, "waiting", new Date(Date.now() + RETRY_MS).toISOString());
          throw error;
        }
        ctx.sessionSignals.publish(row.sessionId);
        ctx.sessionSignals.publish(inboxSignal(row.workspaceId));
        return { ok: true };
      },
      async settle(_row, outcome) {
        if (!outcome.ok) options.onError(new Error(outcome.error));
      },
    },
    { pollMs: options.pollMs, batchSize: BATCH_SIZE, onError: options.onError },
  );
}
