import { isIP } from "node:net";
import type { z } from "zod";
import { AppError, notFound } from "../../errors.js";
import { addressGuard } from "../../integrations/create-integration-ports.js";
import { blockedAddressReason, notAllowedMessage } from "../../integrations/http/address-policy.js";
import { isHostAllowed } from "../../integrations/http/host-allowlist.js";
import { createId, nowIso } from "../../lib/ids.js";
import {
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type webhookCreateInputSchema,
  type WebhookEventType,
  type webhookUpdateInputSchema,
} from "../../schemas/webhooks.js";
import type { WebhookRow, WebhooksTable } from "../../store/database.js";
import type { Caller } from "../../store/users-repository.js";
import type { DeliveryRow } from "../../store/webhooks-repository.js";
import type { CallerQuota } from "../caller-quota.js";
import { requireBot } from "../bots.js";
import type { AppContext } from "../context.js";
import { createWebhookSecret } from "./signature.js";
import { webhookItems } from "./webhook-events.js";

type CreateInput = z.output<typeof webhookCreateInputSchema>;
type UpdateInput = z.output<typeof webhookUpdateInputSchema>;

function webhookView(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    createdAt: row.createdAt,
    enabled: row.enabled === 1,
    ...(row.disabledReason ? { disabledReason: row.disabledReason } : {}),
    ...(row.disabledAt ? { disabledAt: row.disabledAt } : {}),
  };
}

function deliveryView(row: DeliveryRow): WebhookDelivery {
  const status =
    row.status === "done"
      ? "delivered"
      : row.status === "failed"
        ? "failed"
        : row.lastError === null
          ? "pending"
          : "retrying";
  return {
    id: row.id,
    event: (JSON.parse(row.payload) as { type: string }).type,
    status,
    statusCode: row.statusCode,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.dueAt : null,
    error: row.lastError,
    createdAt: row.createdAt,
  };
}

/**
 * URLs that obviously point inside (a private or loopback address written as such, localhost) are
 * refused when a webhook is saved, unless PARLEY_HTTP_ALLOWED_HOSTS lists them; names that resolve
 * there are caught at delivery, where every address is checked.
 */
function assertUrlAllowed(ctx: AppContext, text: string): void {
  const guard = addressGuard(ctx.config);
  const url = new URL(text);
  if (!guard.enabled || isHostAllowed(url, guard.allowedHosts)) return;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const reason =
    host === "localhost" || host.endsWith(".localhost")
      ? "loopback address"
      : isIP(host)
        ? blockedAddressReason(host)
        : undefined;
  if (!reason) return;
  const message = notAllowedMessage(url.host);
  throw new AppError("BAD_REQUEST", `Invalid body: url: ${message}`, { issues: [{ path: "url", message }] });
}

async function requireWebhook(ctx: AppContext, caller: Caller, botId: string, webhookId: string) {
  await requireBot(ctx, caller, botId);
  const webhook = await ctx.webhooks.find(botId, webhookId);
  if (!webhook) throw notFound("Webhook not found");
  return webhook;
}

export async function createWebhook(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  input: CreateInput,
): Promise<CreatedWebhook> {
  await requireBot(ctx, caller, botId);
  assertUrlAllowed(ctx, input.url);
  const now = nowIso();
  const row: WebhookRow = {
    id: createId(),
    botId,
    url: input.url,
    events: JSON.stringify(input.events),
    secret: createWebhookSecret(),
    enabled: 1,
    disabledReason: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.webhooks.create(row);
  ctx.webhookTargets.forget(botId);
  return { ...webhookView(row), secret: row.secret };
}

export async function listWebhooks(ctx: AppContext, caller: Caller, botId: string): Promise<Webhook[]> {
  await requireBot(ctx, caller, botId);
  return (await ctx.webhooks.listForBot(botId)).map(webhookView);
}

export async function updateWebhook(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  webhookId: string,
  input: UpdateInput,
): Promise<Webhook> {
  const webhook = await requireWebhook(ctx, caller, botId, webhookId);
  if (input.url !== undefined) assertUrlAllowed(ctx, input.url);
  const changes: Partial<WebhooksTable> = { updatedAt: nowIso() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.events !== undefined) changes.events = JSON.stringify(input.events);
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled ? 1 : 0;
    // Enabling starts afresh; disabling by hand leaves no reason (Parley only names its own).
    changes.disabledReason = null;
    changes.disabledAt = null;
  }
  await ctx.webhooks.update(webhook.id, changes);
  ctx.webhookTargets.forget(botId);
  return webhookView({ ...webhook, ...changes });
}

export async function deleteWebhook(ctx: AppContext, caller: Caller, botId: string, webhookId: string) {
  const webhook = await requireWebhook(ctx, caller, botId, webhookId);
  await ctx.webhooks.delete(webhook.id);
  ctx.webhookTargets.forget(botId);
  return { message: "Webhook deleted" };
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  const webhook = await requireWebhook(ctx, caller, botId, webhookId);
  return (await ctx.webhooks.deliveries(webhook.id, limit)).map(deliveryView);
}

/** A sample event through the outbox, as real ones go: same signature, retries and deliveries list. */
export async function testWebhook(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  webhookId: string,
  quota?: CallerQuota,
): Promise<WebhookDelivery> {
  const webhook = await requireWebhook(ctx, caller, botId, webhookId);
  // Each test is a real delivery: a workspace's tests are counted, so they cannot fill the outbox.
  await quota?.take((await requireBot(ctx, caller, botId)).workspaceId);
  const now = nowIso();
  const event = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now,
    data: { botId, webhookId: webhook.id, message: "A test event from Parley" },
  };
  const [item] = webhookItems([{ id: webhook.id, events: new Set() }], [event], null, now);
  await ctx.outbox.enqueue([item!]);
  ctx.outboxWakeup.notify();
  return deliveryView({ ...item!, statusCode: null, finishedAt: null, lastError: null } as DeliveryRow);
}
