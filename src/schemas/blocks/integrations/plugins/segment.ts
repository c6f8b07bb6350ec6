import { z } from "zod";
import { keyValueRowsSchema, optionalText } from "./shared.js";

/** The Segment block's actions, by the names the reference stores. */
export const segmentActions = {
  alias: "Alias",
  identify: "Identify User",
  page: "Page",
  track: "Track",
} as const;

export const segmentOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  userId: optionalText,
  previousId: optionalText,
  email: optionalText,
  traits: keyValueRowsSchema,
  eventName: optionalText,
  name: optionalText,
  category: optionalText,
  properties: keyValueRowsSchema,
});
export type SegmentOptions = z.infer<typeof segmentOptionsSchema>;
