import { z } from "zod";
import { optionalText } from "./shared.js";

/**
 * Options of the plug-ins the chat client runs (Cal.com, Zendesk's widget) and of Gmail, as the
 * reference stores them: every field optional, unknown keys kept.
 */
export const calComOptionsSchema = z.looseObject({
  action: optionalText,
  baseUrl: optionalText,
  link: optionalText,
  layout: optionalText,
  name: optionalText,
  email: optionalText,
  phone: optionalText,
  additionalNotes: optionalText,
  anyPrefilledInformations: z.array(z.looseObject({ questionId: optionalText, value: optionalText })).optional(),
  saveBookedDateInVariableId: optionalText,
});
export type CalComOptions = z.infer<typeof calComOptionsSchema>;

export const zendeskOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  webWidgetKey: optionalText,
  userId: optionalText,
  name: optionalText,
  email: optionalText,
});
export type ZendeskOptions = z.infer<typeof zendeskOptionsSchema>;

export const gmailResponseItems = ["Message ID", "Thread ID"] as const;
export const gmailOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  to: optionalText,
  subject: optionalText,
  body: optionalText,
  /** The id of the variable that holds the files' URLs. */
  attachments: optionalText,
  label: optionalText,
  threadId: optionalText,
  from: optionalText,
  replyTo: optionalText,
  responseMapping: z
    .array(z.looseObject({ item: z.enum(gmailResponseItems).optional(), variableId: optionalText }))
    .optional(),
});
export type GmailOptions = z.infer<typeof gmailOptionsSchema>;
