import type { ChatLog } from "../../../schemas/chat.js";
import type { MailMessage } from "../../ports.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";
import type { ActionExecutor, ActionOutcome } from "../executor.js";
import { emailBody } from "./email-body.js";
import { integrationScope } from "./integration-scope.js";

export const MAX_EMAILS_PER_SESSION = 5;
// Exact reference wording: live chats hide these logs from visitors by description.
export const emailSuccessDescription = "Email successfully sent";
export const emailErrorDescription = "Email not sent";

/**
 * Asks for an e-mail through the workspace's SMTP credentials or the instance's mail server, sent
 * after the turn is saved, then goes on along the block's edge. Previews never send.
 */
export const emailExecutor: ActionExecutor<"Email"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    if (ctx.state.mode === "preview")
      return { ...next, logs: [{ status: "info", description: "Emails are not sent in preview mode" }] };
    const options = block.options ?? {};
    const variables = ctx.state.variables;
    const to = templatedList(options.recipients, variables);
    if (to.length === 0) return next;
    const sent = ctx.state.emailsSent ?? 0;
    if (sent >= MAX_EMAILS_PER_SESSION)
      return { ...next, logs: [errorLog(`A chat sends at most ${MAX_EMAILS_PER_SESSION} emails`)] };
    if (!ctx.ports.mailer) return { ...next, logs: [errorLog("Emails are not available on this server")] };

    const cc = templatedList(options.cc, variables);
    const bcc = templatedList(options.bcc, variables);
    const replyTo = options.replyTo ? substituteVariables(options.replyTo, variables).trim() || undefined : undefined;
    const subject = options.subject ? substituteVariables(options.subject, variables) : undefined;
    const message = {
      credentialsId: options.credentialsId ?? "default",
      to,
      ...(cc.length ? { cc } : {}),
      ...(bcc.length ? { bcc } : {}),
      ...(replyTo ? { replyTo } : {}),
      ...(subject !== undefined ? { subject } : {}),
      ...emailBody(options, ctx.state.answers, variables, ctx.ports.clock.now()),
    };
    // Sent once the turn is saved (the services' outbox), which then logs how it went on the result.
    return {
      ...next,
      effects: [
        {
          kind: "email",
          message,
          scope: integrationScope(ctx),
          ...(ctx.state.resultId ? { resultId: ctx.state.resultId } : {}),
        },
      ],
      ...countEmail(sent + 1),
    };
  },
};

/** The count of sent e-mails lives in the session state, folded in by the walk. */
function countEmail(emailsSent: number): Pick<ActionOutcome, "navigation"> {
  return { navigation: { emailsSent } };
}

function templatedList(values: readonly string[] | undefined, variables: readonly VariableLike[]): string[] {
  return (values ?? []).map((value) => substituteVariables(value, variables).trim()).filter(Boolean);
}

/** What the result's log says of an e-mail: its envelope, never its body or credentials. */
function emailSummary({ credentialsId: _credentialsId, text: _text, html: _html, ...summary }: MailMessage) {
  return summary;
}

export function emailSentLog(from: string, message: MailMessage): ChatLog {
  return { status: "success", description: emailSuccessDescription, details: { from, ...emailSummary(message) } };
}

export function emailFailedLog(error: string, message: MailMessage): ChatLog {
  return errorLog(error, emailSummary(message));
}

function errorLog(error: string, email?: Record<string, unknown>): ChatLog {
  return { status: "error", description: emailErrorDescription, details: email ? { error, ...email } : { error } };
}
