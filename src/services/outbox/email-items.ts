import type { Insertable } from "kysely";
import { emailFailedLog, emailSentLog } from "../../engine/blocks/integrations/email.js";
import type { TurnEffect } from "../../engine/effects.js";
import type { IntegrationScope, MailMessage } from "../../engine/ports.js";
import type { OutboxRow, OutboxTable } from "../../store/database.js";
import type { AppContext } from "../context.js";
import type { OutboxOutcome } from "./outbox-outcome.js";

type EmailPayload = { message: MailMessage; scope: IntegrationScope };

/** An Email block's e-mail as an outbox item of its turn, due at once; its log goes to `resultId`. */
export function emailItem(
  effect: Extract<TurnEffect, { kind: "email" }>,
  fallbackResultId: string,
  id: string,
  now: string,
): Insertable<OutboxTable> {
  const payload: EmailPayload = { message: effect.message, scope: effect.scope };
  return {
    id,
    kind: "email",
    payload: JSON.stringify(payload),
    resultId: effect.resultId ?? fallbackResultId,
    targetId: null,
    status: "pending",
    attempts: 0,
    dueAt: now,
    createdAt: now,
  };
}

/** Sends it; the result's log says how it went, with the wording the Email block always used. */
export async function attemptEmail(ctx: AppContext, item: OutboxRow): Promise<OutboxOutcome> {
  const { message, scope } = JSON.parse(item.payload) as EmailPayload;
  if (!ctx.ports.mailer) {
    const error = "Emails are not available on this server";
    return { ok: false, error, permanent: true, logs: [emailFailedLog(error, message)] };
  }
  const sent = await ctx.ports.mailer.send(message, scope);
  if (sent.ok) return { ok: true, logs: [emailSentLog(sent.from, message)] };
  return { ok: false, error: sent.error, permanent: !sent.retryable, logs: [emailFailedLog(sent.error, message)] };
}
