import { z } from "zod";

/** One finding of the publish check (`POST /v1/bots/{botId}/lint`, and the publish answer). */
export const lintFindingSchema = z.object({
  severity: z.enum(["error", "warning"]),
  blockId: z.string().optional(),
  groupId: z.string().optional(),
  message: z.string(),
});

export const lintFindingsSchema = z.array(lintFindingSchema);
