import type { z } from "zod";
import { AppError, zodIssues } from "../errors.js";

/** Parses request input with a zod schema; a failure is a 400 naming every offending path. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "params",
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = zodIssues(parsed.error, where === "body" ? "" : where);
  const first = issues[0];
  throw new AppError(
    "BAD_REQUEST",
    first ? `Invalid ${where}: ${first.path || "(root)"}: ${first.message}` : `Invalid ${where}`,
    { issues },
  );
}
