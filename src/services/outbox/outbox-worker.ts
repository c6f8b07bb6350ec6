import type { Insertable } from "kysely";
import type { TurnResult } from "../../engine/chat-turn.js";
import { createId } from "../../lib/ids.js";
import { nextRetryAt } from "../../lib/retry-schedule.js";
import type { OutboxRow, OutboxTable } from "../../store/database.js";
import type { OutboxSettlement } from "../../store/outbox-repository.js";
import { startDueWorkRunner, type DueWorkRunner } from "../background/due-work-runner.js";
import type { OutboxOutcome } from "./outbox-outcome.js";
import type { AppContext } from "../context.js";
import { logRows } from "../chat/turn-writes.js";
import { attemptEmail, emailItem } from "./email-items.js";
import { attemptServiceEffect, isServiceEffectKind, serviceEffectItem } from "./service-effect-items.js";
import { attemptWebhook, webhookFailedForGood } from "./webhook-items.js";

type Handler = (ctx: AppContext, item: OutboxRow) => Promise<OutboxOutcome>;

/** One handler per kind of item. */
const handlers: Record<string, Handler> = {
  email: attemptEmail,
  webhook: attemptWebhook,
};

/** What else happens when an item of a kind fails for good (after its failure is recorded). */
const failedForGood: Record<string, (ctx: AppContext, item: OutboxRow, error: string) => Promise<void>> = {
  webhook: webhookFailedForGood,
};

const BATCH_SIZE = 10;

/**
 * The outbox items of a chat turn (its e-mails and plug-in changes), written with it. A preview has no
 * result: it sends no e-mail, and its plug-in changes go out with their failures logged nowhere.
 */
export function turnOutboxRows(
  turn: Pick<TurnResult, "effects">,
  resultId: string | undefined,
  now: string,
): Insertable<OutboxTable>[] {
  return turn.effects.flatMap((effect) => {
    if (effect.kind !== "email") return [serviceEffectItem(effect, resultId, createId(), now)];
    return resultId ? [emailItem(effect, resultId, createId(), now)] : [];
  });
}

/** Says that the turn just committed has outbox items, so that this instance's worker takes them now. */
export function notifyOutbox(ctx: AppContext, rows: readonly unknown[]): void {
  if (rows.length > 0) ctx.outboxWakeup.notify();
}

/**
 * Delivers what is due, after commit, at least once: each attempt recorded; a failure retried with
 * exponential back-off and jitter until PARLEY_OUTBOX_RETRY_HOURS after the item was made, then failed
 * for good. Items are leased while they run, so one whose instance died runs again after the lease.
 */
export function startOutboxWorker(ctx: AppContext, onError: (error: unknown) => void): DueWorkRunner {
  const settings = ctx.config.outbox;
  const policy = { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs, giveUpAfterMs: settings.retryForMs };
  return startDueWorkRunner<OutboxRow, OutboxOutcome>(
    {
      claim(limit) {
        const now = Date.now();
        return ctx.outbox.claimDue(new Date(now).toISOString(), new Date(now + settings.leaseMs).toISOString(), limit);
      },
      attempt(item) {
        const handler = isServiceEffectKind(item.kind) ? attemptServiceEffect : handlers[item.kind];
        if (!handler) return Promise.resolve({ ok: false, error: `No handler for "${item.kind}"`, permanent: true });
        return handler(ctx, item);
      },
      async settle(item, outcome, attemptedAt) {
        const now = new Date();
        const retryAt =
          outcome.ok || outcome.permanent
            ? undefined
            : nextRetryAt(policy, item.attempts, new Date(item.createdAt), now);
        const settlement: OutboxSettlement = outcome.ok
          ? { status: "done", finishedAt: now.toISOString(), lastError: null }
          : retryAt
            ? { status: "pending", dueAt: retryAt.toISOString(), lastError: outcome.error }
            : { status: "failed", finishedAt: now.toISOString(), lastError: outcome.error };
        const logged = settlement.status !== "pending" || item.attempts === 1;
        await ctx.outbox.settle(
          item.id,
          {
            id: createId(),
            itemId: item.id,
            attemptedAt: attemptedAt.toISOString(),
            ok: outcome.ok ? 1 : 0,
            statusCode: outcome.statusCode ?? null,
            error: outcome.ok ? null : outcome.error,
          },
          settlement,
          logged && item.resultId ? logRows(item.resultId, outcome.logs ?? [], now.toISOString()) : [],
        );
        if (settlement.status === "failed") await failedForGood[item.kind]?.(ctx, item, settlement.lastError ?? "");
      },
    },
    { pollMs: settings.pollMs, batchSize: BATCH_SIZE, wakeup: ctx.outboxWakeup, onError },
  );
}
