import type { ExecutionContext } from "./executor.js";
import { guessType } from "../variables/serialize.js";
import { substituteVariables, type SubstituteOptions } from "../variables/substitute.js";

/**
 * Runs `{{= … =}}` inline code in the sandbox, synchronously, with every variable defined by id.
 * Undefined when the sandbox cannot evaluate synchronously: inline code then stays plain text.
 */
export function inlineEvaluator(ctx: Pick<ExecutionContext, "ports" | "state">): SubstituteOptions["evaluateInline"] {
  const sandbox = ctx.ports.sandbox;
  if (!sandbox?.evaluateSync) return undefined;
  let globals: Record<string, unknown> | undefined;
  return (code) => {
    globals ??= Object.fromEntries(ctx.state.variables.map((variable) => [variable.id, guessType(variable.value)]));
    const result = sandbox.evaluateSync!({ code, globals });
    return result.ok ? inlineText(result.value) : undefined;
  };
}

/** Text with `{{Name}}` filled in and `{{= … =}}` evaluated. */
export function templateText(text: string, ctx: Pick<ExecutionContext, "ports" | "state">): string {
  return substituteVariables(text, ctx.state.variables, { evaluateInline: inlineEvaluator(ctx) });
}

function inlineText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
