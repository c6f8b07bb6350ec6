import type { ChatLog } from "../../../../schemas/chat.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { ActionExecutor, VariableUpdate } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { serviceEffect } from "./plugin-kit.js";

export const gmailSendAction = "Send email";
const CONTEXT = "While sending email with Gmail";

const errorLog = (description: string, details?: string): ChatLog => ({
  status: "error",
  description,
  ...(details ? { details } : {}),
  context: CONTEXT,
});

/**
 * The `gmail` plug-in's "Send email": a plain-text message from the connected Google account, with
 * the files of the attachments variable, optionally as a reply in a thread and labelled. The message
 * or thread id may be saved: only then is it sent during the turn, else once the turn is saved.
 * Failures are logged and the flow goes on; previews never send.
 */
export const gmailExecutor: ActionExecutor<"gmail"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    if (options.action !== gmailSendAction) return { ...next, logs: [errorLog("gmail is not configured")] };
    if (!options.credentialsId) return { ...next, logs: [errorLog("Could not find credentials for block gmail")] };
    if (ctx.state.mode === "preview")
      return { ...next, logs: [{ status: "info", description: "Emails are not sent in preview mode" }] };
    if (!ctx.ports.gmail) return { ...next, logs: [errorLog("Gmail is not available on this server")] };
    const variables = ctx.state.variables;
    const text = (key: "to" | "subject" | "label" | "threadId" | "from" | "replyTo") =>
      substituteVariables(options[key] ?? "", variables).trim();
    const to = text("to")
      .split(/[,;]/)
      .map((address) => address.trim())
      .filter(Boolean);
    if (to.length === 0) return { ...next, logs: [errorLog("The email has no recipient (To)")] };
    const attachmentsValue =
      options.attachments !== undefined
        ? variables.find((variable) => variable.id === options.attachments)?.value
        : undefined;
    const attachmentUrls = (Array.isArray(attachmentsValue) ? attachmentsValue : [attachmentsValue]).filter(
      (url): url is string => typeof url === "string" && url.trim() !== "",
    );
    const optional = (key: "subject" | "label" | "threadId" | "from" | "replyTo") =>
      text(key) ? { [key]: text(key) } : {};
    const message = {
      credentialsId: options.credentialsId,
      to,
      ...optional("subject"),
      ...(typeof options.body === "string" ? { body: substituteVariables(options.body, variables) } : {}),
      ...(attachmentUrls.length ? { attachmentUrls } : {}),
      ...optional("label"),
      ...optional("threadId"),
      ...optional("from"),
      // The reference hides Reply-To in a thread (the reply goes to the thread's own addresses).
      ...(text("threadId") ? {} : optional("replyTo")),
    };
    const mappings = options.responseMapping ?? [];
    const scope = integrationScope(ctx);
    // Nothing of Gmail's answer is kept: the message is sent once the turn is saved.
    if (!mappings.some((mapping) => mapping.variableId !== undefined))
      return { ...next, ...serviceEffect("gmail.send", message, { scope, ctx }, CONTEXT) };
    // The flow reads the message or thread id: sent now, within the turn's deadline.
    const sent = await ctx.ports.gmail.send(message, scope);
    if (!sent.ok) return { ...next, logs: [errorLog("Email not sent", sent.error)] };
    const updates: VariableUpdate[] = [];
    for (const mapping of mappings) {
      if (mapping.variableId === undefined) continue;
      const value = mapping.item === "Thread ID" ? sent.threadId : sent.messageId;
      updates.push({ id: mapping.variableId, value });
    }
    return {
      ...next,
      variables: updates,
      logs: [{ status: "success", description: "Email successfully sent", details: { to, threadId: sent.threadId } }],
    };
  },
};
