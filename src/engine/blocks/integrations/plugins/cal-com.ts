import type { ActionExecutor } from "../../executor.js";
import { clientText } from "./client-plugin.js";
import { notConfigured } from "./plugin-block.js";
import { errorLog } from "../ai/chat-completion.js";

export const calComDefaults = { baseUrl: "https://app.cal.com", action: "Book event" } as const;

const layouts: Record<string, string> = { Month: "month_view", Weekly: "week_view", Columns: "column_view" };

/**
 * Cal.com's "Book event": the client shows Cal.com's booking embed inline in the chat and waits; once
 * the visitor books, it answers with the booked date, which `resume` saves into the chosen variable.
 */
export const calComExecutor: ActionExecutor<"cal-com"> = {
  kind: "action",
  execute(block, ctx) {
    const options = block.options ?? {};
    const text = (value: string | undefined) => clientText(value, ctx);
    // Its only action: a block whose action is unset (or blank) books too.
    if ((text(options.action) ?? calComDefaults.action) !== calComDefaults.action)
      return notConfigured("cal-com", block);
    const link = text(options.link);
    if (!link) return { outgoingEdgeId: block.outgoingEdgeId, logs: [errorLog("Cal.com: the event link is missing")] };
    const baseUrl = (text(options.baseUrl) ?? calComDefaults.baseUrl).replace(/\/+$/, "");
    const phone = text(options.phone);
    const config: Record<string, string> = {
      ...(text(options.name) ? { name: text(options.name)! } : {}),
      ...(text(options.email) ? { email: text(options.email)! } : {}),
      ...(text(options.additionalNotes) ? { notes: text(options.additionalNotes)! } : {}),
      // Cal.com takes a phone number as the meeting's location.
      ...(phone ? { location: JSON.stringify({ value: "phone", optionValue: phone }) } : {}),
    };
    for (const entry of options.anyPrefilledInformations ?? []) {
      const id = text(entry.questionId);
      const value = text(entry.value);
      if (id && value && !(id in config)) config[id] = value;
    }
    return {
      clientSideActions: [
        {
          type: "calCom",
          calCom: {
            baseUrl,
            // A full booking URL is reduced to its path: the embed wants "user/event".
            link: link.replace(/^https?:\/\/[^/]+\//, ""),
            layout: layouts[text(options.layout) ?? "Month"] ?? layouts.Month,
            config,
          },
          expectsDedicatedReply: true,
        },
      ],
    };
  },
  resume(block, reply) {
    const variableId = block.options?.saveBookedDateInVariableId;
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    if (!variableId || reply === undefined || reply === "") return next;
    return { ...next, variables: [{ id: variableId, value: reply }] };
  },
};
