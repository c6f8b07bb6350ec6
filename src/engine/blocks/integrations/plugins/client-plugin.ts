import { substituteVariables } from "../../../variables/substitute.js";
import type { ExecutionContext } from "../../executor.js";

/**
 * A client-side plug-in's text option with `{{variables}}` filled in and trimmed; a blank one is
 * unset (an unset field and an empty one mean the same), so the client receives plain values.
 */
export function clientText(value: string | undefined, ctx: ExecutionContext): string | undefined {
  if (value === undefined) return undefined;
  const filled = substituteVariables(value, ctx.state.variables).trim();
  return filled === "" ? undefined : filled;
}
