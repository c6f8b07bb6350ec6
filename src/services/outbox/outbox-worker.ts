import type { Insertable } from "kysely";
import type { TurnResult } from "../../engine/chat-turn.js";
import { createId } from "../../lib/ids.js";
import { nextRetryAt } from "../../lib/retry-schedule.js";
import type { OutboxRow, OutboxTable } from "../../store/database.js";
import type { OutboxSettlement } from "../../store/outbox-repository.js";
import type { OutboxConfig } from "../../config.js";
import type { OutboxItemPlace } from "../../store/outbox-repository.js";
import { startDeliveryScheduler, type DeliveryLane, type DeliveryScheduler } from "./delivery-scheduler.js";
import type { OutboxOutcome } from "./outbox-outcome.js";
import type { AppContext } from "../context.js";
import { logRows } from "../chat/turn-writes.js";
import { attemptEmail, emailItem } from "./email-items.js";
import { attemptServiceEffect, isServiceEffectKind, serviceEffectItem } from "./service-effect-items.js";
import { attemptWebhook, WEBHOOK_ATTEMPT_TIMEOUT_MS, webhookFailedForGood } from "./webhook-items.js";
import { attemptChannelMessage, CHANNEL_MESSAGE_KIND } from "../inbox/handoff-channels.js";

type Handler = (ctx: AppContext, item: OutboxRow) => Promise<OutboxOutcome>;

/** One handler per kind of item. */
const handlers: Record<string, Handler> = {
  email: attemptEmail,
  webhook: attemptWebhook,
  [CHANNEL_MESSAGE_KIND]: attemptChannelMessage,
};

/** What else happens when an item of a kind fails for good (after its failure is recorded). */
const failedForGood: Record<string, (ctx: AppContext, item: OutboxRow, error: string) => Promise<void>> = {
  webhook: webhookFailedForGood,
};

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

/** Where an item of a kind goes, for the per-destination limit and circuit (none: only the lane's limits). */
const destinations: Record<string, (item: OutboxRow, place: OutboxItemPlace | undefined) => string | undefined> = {
  webhook: (_item, place) => hostOf(place?.targetUrl),
};

function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The time limit of an e-mail's attempt: the SMTP connection's own limits (mailer-port.ts) and some. */
const EMAIL_ATTEMPT_TIMEOUT_MS = 60_000;

/** E-mails have a pool of their own, so that they never wait behind slow webhooks (and the other way round). */
export function outboxLanes(settings: OutboxConfig): DeliveryLane[] {
  return [
    {
      name: "email",
      kinds: { kinds: ["email"] },
      concurrency: settings.emailConcurrency,
      attemptTimeoutMs: EMAIL_ATTEMPT_TIMEOUT_MS,
    },
    {
      name: "deliveries",
      kinds: { exceptKinds: ["email"] },
      concurrency: settings.deliveryConcurrency,
      // A webhook's own limit, and a second for the runner to hear of it first.
      attemptTimeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS + 1000,
    },
  ];
}

/**
 * Delivers what is due, after commit, at least once: each attempt recorded; a failure retried with
 * exponential back-off and jitter until PARLEY_OUTBOX_RETRY_HOURS after the item was made, then failed
 * for good. Items run independently in lanes (delivery-scheduler.ts). A claimed item is leased for its
 * attempt's time limit and a margin, so one whose instance died runs again after the lease; on the
 * embedded database (one process owns the file) what the last process left claimed runs at once.
 */
export async function startOutboxWorker(
  ctx: AppContext,
  onError: (error: unknown) => void,
): Promise<DeliveryScheduler> {
  const settings = ctx.config.outbox;
  const policy = { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs, giveUpAfterMs: settings.retryForMs };
  if (ctx.store.dialect === "sqlite") await ctx.outbox.releaseOrphans(new Date().toISOString());
  return startDeliveryScheduler(
    {
      claim(lane, limit, skip) {
        const now = Date.now();
        const leaseUntil = new Date(now + lane.attemptTimeoutMs + settings.leaseMarginMs).toISOString();
        return ctx.outbox.claimDue(new Date(now).toISOString(), leaseUntil, limit, { ...lane.kinds, ...skip });
      },
      placesOf: (ids) => ctx.outbox.placesOf(ids),
      release: (item) => ctx.outbox.release(item.id, new Date().toISOString()),
      destinationOf: (item, place) => destinations[item.kind]?.(item, place),
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
    {
      lanes: outboxLanes(settings),
      perWorkspace: settings.perWorkspace,
      perDestination: settings.perDestination,
      circuit: { failures: settings.circuitFailures, openMs: settings.circuitOpenMs },
      pollMs: settings.pollMs,
      wakeup: ctx.outboxWakeup,
      onError,
    },
  );
}
