import { z } from "zod";

/** Every block carries an id; `outgoingEdgeId` is the default path out of it. */
export const blockBaseSchema = z.object({
  id: z.string(),
  outgoingEdgeId: z.string().optional(),
});
export type BlockBase = z.infer<typeof blockBaseSchema>;

/** Items (choices, condition branches, A/B paths, cards) each own an edge. v6 items no longer carry `blockId`. */
export const itemBaseSchema = z.object({
  id: z.string(),
  outgoingEdgeId: z.string().optional(),
});
export type ItemBase = z.infer<typeof itemBaseSchema>;

/** The longest an input may wait before its idle path is taken: one day. */
export const MAX_IDLE_TIMEOUT_SECONDS = 86_400;

/**
 * When the visitor leaves the input unanswered for `seconds`, the flow follows `outgoingEdgeId` (an edge
 * in `edges` from this block, like any other). No idle timeout: the input waits as long as the session lives.
 */
export const idleTimeoutSchema = z.object({
  seconds: z.number().int().min(1).max(MAX_IDLE_TIMEOUT_SECONDS),
  outgoingEdgeId: z.string().optional(),
});
export type IdleTimeout = z.infer<typeof idleTimeoutSchema>;

/** The variable an input writes its answer to, and its idle path. */
export const inputOptionsBaseSchema = z.object({
  variableId: z.string().optional(),
  idleTimeout: idleTimeoutSchema.optional(),
});

export const fileVisibilities = ["Auto", "Public", "Private"] as const;
export type FileVisibility = (typeof fileVisibilities)[number];

export const logicalOperators = ["OR", "AND"] as const;
export type LogicalOperator = (typeof logicalOperators)[number];

export const comparisonOperators = [
  "Equal to",
  "Not equal",
  "Contains",
  "Does not contain",
  "Greater than",
  "Greater or equal to",
  "Less than",
  "Less or equal to",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
  "Matches regex",
  "Does not match regex",
] as const;
export type ComparisonOperator = (typeof comparisonOperators)[number];

export const comparisonSchema = z.object({
  id: z.string(),
  variableId: z.string().optional(),
  comparisonOperator: z.enum(comparisonOperators).optional(),
  value: z.string().optional(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const conditionSchema = z.object({
  logicalOperator: z.enum(logicalOperators).optional(),
  comparisons: z.array(comparisonSchema).optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** Hides an item (choice, picture, card) unless its condition holds. */
export const displayConditionSchema = z.object({
  isEnabled: z.boolean().optional(),
  condition: conditionSchema.optional(),
});
export type DisplayCondition = z.infer<typeof displayConditionSchema>;

/** How a JSON response (HTTP request, incoming webhook) is copied into variables. */
export const responseVariableMappingSchema = z.object({
  id: z.string(),
  variableId: z.string().optional(),
  bodyPath: z.string().optional(),
});
export type ResponseVariableMapping = z.infer<typeof responseVariableMappingSchema>;

/**
 * A number, or a text that should be a single `{{variable}}` reference. Stored documents also hold
 * numeric text ("400"); the schema keeps the raw value and `readVariableOrNumber` interprets it at
 * read time, because a transform could not be described in the OpenAPI document.
 */
export const variableOrNumberSchema = z.union([z.number(), z.string()]);
export type VariableOrNumber = z.infer<typeof variableOrNumberSchema>;

const singleVariablePattern = /^\{\{[^{}]+\}\}$/;

export const isSingleVariableReference = (value: string): value is `{{${string}}}` =>
  singleVariablePattern.test(value.trim());

/**
 * A `{{variable}}` reference stays as text (to be resolved later); anything else becomes a number,
 * or undefined when it is not numeric.
 */
export function readVariableOrNumber(value: VariableOrNumber | undefined): number | `{{${string}}}` | undefined {
  if (value === undefined || typeof value === "number") return value;
  const trimmed = value.trim();
  if (isSingleVariableReference(trimmed)) return trimmed as `{{${string}}}`;
  const parsed = Number.parseFloat(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}
