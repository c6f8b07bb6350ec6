import { z } from "zod";
import { keyValueRowsSchema, optionalText } from "./shared.js";

/** The PostHog block's actions, by the names the reference stores. */
export const postHogActions = {
  capture: "Capture",
  identifyGroup: "Identify Group",
} as const;

export const postHogOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  isAnonymous: z.boolean().optional(),
  distinctId: optionalText,
  event: optionalText,
  properties: keyValueRowsSchema,
  /** Capture: set on the person (`$set`); ignored for anonymous events. */
  personProperties: keyValueRowsSchema,
  groups: z.array(z.looseObject({ type: optionalText, key: optionalText })).optional(),
  groupType: optionalText,
  groupKey: optionalText,
});
export type PostHogOptions = z.infer<typeof postHogOptionsSchema>;
