import { addressGuard } from "../../integrations/create-integration-ports.js";
import { guardedRequest, RequestRefusedError } from "../../integrations/http/guarded-request.js";
import { WEBHOOK_TEST_EVENT } from "../../schemas/webhooks.js";
import type { OutboxRow } from "../../store/database.js";
import type { AppContext } from "../context.js";
import { signedHeaders } from "../webhooks/signature.js";
import type { OutboxOutcome } from "./outbox-outcome.js";

/** One attempt may take this long, headers and all, before it counts as failed. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;

const isTest = (item: OutboxRow) => (JSON.parse(item.payload) as { type?: string }).type === WEBHOOK_TEST_EVENT;

/**
 * Posts the stored body, signed for this attempt (Standard Webhooks), through the address guard;
 * any 2xx is delivered. The webhook is read again here: deleted or disabled since, the item fails
 * without a request (a test event still goes to a disabled one: that is how to check a fix).
 */
export async function attemptWebhook(ctx: AppContext, item: OutboxRow): Promise<OutboxOutcome> {
  const webhook = item.targetId ? await ctx.webhooks.findById(item.targetId) : undefined;
  if (!webhook) return { ok: false, error: "The webhook was deleted", permanent: true };
  if (!webhook.enabled && !isTest(item)) return { ok: false, error: "The webhook is disabled", permanent: true };
  const headers = {
    "content-type": "application/json",
    "user-agent": "Parley-Webhooks",
    ...signedHeaders(webhook.secret, item.id, Math.floor(Date.now() / 1000), item.payload),
  };
  const signal = AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS);
  try {
    const response = await guardedRequest(
      { url: webhook.url, method: "POST", headers, body: item.payload, signal },
      addressGuard(ctx.config),
    );
    // Only the status matters; the body is read and dropped so that the socket closes.
    response.resume();
    const statusCode = response.statusCode ?? 0;
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
    return { ok: false, statusCode, error: `The receiver answered HTTP ${statusCode}` };
  } catch (error) {
    if (error instanceof RequestRefusedError) return { ok: false, error: error.message, permanent: true };
    if (signal.aborted) return { ok: false, error: `No answer within ${WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000} s` };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * An item that failed for good (retried for PARLEY_OUTBOX_RETRY_HOURS, or refused by the address
 * guard) disables its webhook, with the reason the builder shows; test events disable nothing.
 */
export async function webhookFailedForGood(ctx: AppContext, item: OutboxRow, error: string): Promise<void> {
  if (!item.targetId || isTest(item)) return;
  if (error === "The webhook was deleted" || error === "The webhook is disabled") return;
  const webhook = await ctx.webhooks.findById(item.targetId);
  if (!webhook) return;
  const reason = `Disabled after failed deliveries: ${error}`;
  if (await ctx.webhooks.disable(webhook.id, reason, new Date().toISOString()))
    ctx.webhookTargets.forget(webhook.botId);
}
