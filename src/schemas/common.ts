import { z } from "zod";

/** Path ids: non-empty, bounded, so that nonsense never reaches a query. */
export const idSchema = z.string().min(1).max(255);

/** Query-string booleans arrive as text. */
export const booleanQuerySchema = z.enum(["true", "false"]).transform((value) => value === "true");

export const messageResponseSchema = z.object({ message: z.string() });

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
