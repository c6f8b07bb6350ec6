import type { NumberInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

/** Bounds arrive templated: a number, or the text a `{{variable}}` produced. */
export type NumberReplyOptions = ReplyOptions<NumberInputBlock, "min" | "max">;

/**
 * Reads a decimal number, accepting a comma as decimal separator ("1,5").
 * Bounds are inclusive, and a bound of 0 is enforced like any other.
 * The content keeps the visitor's text when it starts with "0" (zip codes, "007"),
 * otherwise it is the parsed number ("1,5" -> "1.5", "12abc" -> "12").
 */
export function parseNumberReply(reply: ReplyMessage | undefined, options?: NumberReplyOptions | null): ParsedReply {
  if (!reply || reply.text === "") return { status: "fail" };
  const value = parseDecimal(reply.text);
  if (value === undefined) return { status: "fail" };

  const min = parseBound(options?.min);
  const max = parseBound(options?.max);
  if (min !== undefined && value < min) return { status: "fail" };
  if (max !== undefined && value > max) return { status: "fail" };

  const content = reply.text.startsWith("0") ? reply.text : value.toString();
  return { status: "success", content };
}

/** parseFloat semantics after swapping the first comma for a dot; undefined when not a finite number. */
export function parseDecimal(text: string): number | undefined {
  const value = Number.parseFloat(text.replace(",", "."));
  return Number.isFinite(value) ? value : undefined;
}

function parseBound(bound: number | string | null | undefined): number | undefined {
  if (typeof bound === "number") return Number.isFinite(bound) ? bound : undefined;
  if (!bound) return undefined;
  return parseDecimal(bound);
}
