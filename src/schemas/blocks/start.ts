import { z } from "zod";
import { blockBaseSchema } from "./shared.js";

/**
 * The entry block of v3 to v5 documents. v6 replaces it with a "start" event, so it is not part of
 * `blockSchema`; it is only read by the upgrade and by preview requests that send an old document.
 */
export const startBlockSchema = blockBaseSchema.extend({
  type: z.literal("start"),
  label: z.string(),
});
export type StartBlock = z.infer<typeof startBlockSchema>;
