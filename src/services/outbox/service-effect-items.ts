import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import type { ServiceEffect, ServiceEffectKind, ServiceEffectRequests } from "../../engine/effects.js";
import type { EnginePorts, GoogleFailure, IntegrationScope, PluginFailure } from "../../engine/ports.js";
import type { ChatLog } from "../../schemas/chat.js";
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
/**
 * One delivery: the port call, with the outbox item's id as the key the service dedupes on (when it
 * has one), and the logs it leaves on the result (by default a failure with the effect's context).
 */
type Delivery<K extends ServiceEffectKind> = {
  service: string;
  send(ports: EnginePorts, payload: Payload<K>, idempotencyKey: string): Promise<Delivered> | undefined;
  sentLog?(payload: Payload<K>): ChatLog;
  failedLog?(failure: PluginFailure, payload: Payload<K>): ChatLog;
};

/** Google's failures carry only the status: no answer from Google, a 5xx, 408 or 429 may work later. */
const googleFailure = (failure: GoogleFailure): PluginFailure => ({
  ...failure,
  retryable: failure.status !== undefined && (failure.status >= 500 || [408, 429].includes(failure.status)),
});
const googleSent = (sent: Promise<{ ok: true } | GoogleFailure> | undefined): Promise<Delivered> | undefined =>
  sent?.then((answer) => (answer.ok ? { ok: true } : googleFailure(answer)));
const errorLog = (description: string, details: unknown, context?: string): ChatLog => ({
  status: "error",
  description,
  details,
  ...(context ? { context } : {}),
});

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
  // Gmail keeps no key of ours: a retry after a lost answer may send the message twice.
  "gmail.send": {
    service: "Gmail",
    send: (ports, { request, scope }) => googleSent(ports.gmail?.send(request, scope)),
    sentLog: ({ request }) => ({
      status: "success",
      description: "Email successfully sent",
      details: { to: request.to },
    }),
    failedLog: (failure, { failureContext }) => errorLog("Email not sent", failure.error, failureContext),
  },
  "googleSheets.appendRow": {
    service: "Google Sheets",
    send: (ports, { request, scope }) =>
      googleSent(ports.googleSheets?.appendRow(request.target, request.values, scope)),
    sentLog: ({ request }) => ({ status: "success", description: `Successfully inserted row in ${request.where}` }),
    failedLog: (failure) => errorLog("Could not insert the row", { error: failure.error, status: failure.status }),
  },
  "googleSheets.updateCells": {
    service: "Google Sheets",
    send: (ports, { request, scope }) =>
      googleSent(ports.googleSheets?.updateCells(request.target, request.cells, scope)),
    sentLog: ({ request }) => ({
      status: "success",
      description: "Successfully updated matching rows",
      details: { rows: request.rows },
    }),
    failedLog: (failure) => errorLog("Could not update the rows", { error: failure.error, status: failure.status }),
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
  const failed = (failure: PluginFailure) =>
    delivery.failedLog?.(failure, payload) ?? failureLog(failure, payload.failureContext);
  if (!sent) {
    const error = `${delivery.service} is not available on this server`;
    return { ok: false, error, permanent: true, logs: [failed({ ok: false, error })] };
  }
  if (sent.ok) return { ok: true, ...(delivery.sentLog ? { logs: [delivery.sentLog(payload)] } : {}) };
  return {
    ok: false,
    error: sent.error,
    permanent: !sent.retryable,
    ...(sent.status !== undefined ? { statusCode: sent.status } : {}),
    logs: [failed(sent)],
  };
}

/** PostHog wants a UUID for the event: one derived from the item's id, the same on every attempt. */
function uuidOf(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
