import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import type { ServiceEffect, ServiceEffectKind, ServiceEffectRequests } from "../../engine/effects.js";
import type { EnginePorts, IntegrationScope, PluginFailure } from "../../engine/ports.js";
import { failureLog } from "../../engine/blocks/integrations/ai/chat-completion.js";
import type { OutboxRow, OutboxTable } from "../../store/database.js";
import type { AppContext } from "../context.js";
import type { OutboxOutcome } from "./outbox-outcome.js";

type Payload<K extends ServiceEffectKind> = {
  request: ServiceEffectRequests[K];
  scope: IntegrationScope;
  failureContext: string;
};
type Delivered = { ok: true } | PluginFailure;
/** One delivery: the port call, with the outbox item's id as the key the service dedupes on (when it has one). */
type Delivery<K extends ServiceEffectKind> = {
  service: string;
  send(ports: EnginePorts, payload: Payload<K>, idempotencyKey: string): Promise<Delivered> | undefined;
};

/**
 * How each kind of service effect is sent. Exhaustive: a new effect kind does not compile until it is
 * delivered here. NocoDB and Blink take no idempotency key, so a retry after a lost answer may repeat
 * the change; Segment dedupes on `messageId`, PostHog on the event's `uuid`.
 */
const deliveries: { [K in ServiceEffectKind]: Delivery<K> } = {
  "nocodb.createRecord": {
    service: "NocoDB",
    send: (ports, { request, scope }) => ports.nocodb?.createRecord(request, scope),
  },
  "nocodb.updateRecords": {
    service: "NocoDB",
    send: (ports, { request, scope }) => ports.nocodb?.updateRecords(request, scope),
  },
  "segment.send": {
    service: "Segment",
    send: (ports, { request, scope }, key) =>
      ports.segment?.send({ ...request, body: { ...request.body, messageId: key } }, scope),
  },
  "posthog.capture": {
    service: "PostHog",
    send: (ports, { request, scope }, key) => ports.posthog?.capture({ ...request, uuid: uuidOf(key) }, scope),
  },
  "blink.sendFeedEvent": {
    service: "Blink",
    send: (ports, { request, scope }) => ports.blink?.sendFeedEvent(request, scope),
  },
};

export const isServiceEffectKind = (kind: string): kind is ServiceEffectKind => Object.hasOwn(deliveries, kind);

/** A plug-in's change as an outbox item of its turn, due at once; its failure is logged on `resultId` (if any). */
export function serviceEffectItem(
  effect: ServiceEffect,
  resultId: string | undefined,
  id: string,
  now: string,
): Insertable<OutboxTable> {
  const payload: Payload<ServiceEffectKind> = {
    request: effect.request,
    scope: effect.scope,
    failureContext: effect.failureContext,
  };
  return {
    id,
    kind: effect.kind,
    payload: JSON.stringify(payload),
    resultId: effect.resultId ?? resultId ?? null,
    targetId: null,
    status: "pending",
    attempts: 0,
    dueAt: now,
    createdAt: now,
  };
}

/**
 * Sends it. What the adapter says may work later (no answer, a 5xx, 408, 429) is tried again with
 * back-off; anything else (a refused key, a missing table or credential) fails for good at once.
 */
export async function attemptServiceEffect(ctx: AppContext, item: OutboxRow): Promise<OutboxOutcome> {
  const kind = item.kind as ServiceEffectKind;
  const delivery = deliveries[kind] as Delivery<ServiceEffectKind>;
  const payload = JSON.parse(item.payload) as Payload<ServiceEffectKind>;
  const sent = await delivery.send(ctx.ports, payload, item.id);
  if (!sent) {
    const error = `${delivery.service} is not available on this server`;
    return { ok: false, error, permanent: true, logs: [failureLog({ ok: false, error }, payload.failureContext)] };
  }
  if (sent.ok) return { ok: true };
  return {
    ok: false,
    error: sent.error,
    permanent: !sent.retryable,
    ...(sent.status !== undefined ? { statusCode: sent.status } : {}),
    logs: [failureLog(sent, payload.failureContext)],
  };
}

/** PostHog wants a UUID for the event: one derived from the item's id, the same on every attempt. */
function uuidOf(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
