import type { Block } from "../../schemas/blocks/index.js";
import type { EnginePorts } from "../ports.js";
import type { SessionState } from "../session-state.js";
import type { ExecutionContext } from "./executor.js";
import { guessType } from "../variables/serialize.js";
import { inlineCodeOf, substituteVariables, type SubstituteOptions } from "../variables/substitute.js";
import type { VariableLike } from "../variables/types.js";

/**
 * Reads `{{= … =}}` values the walk evaluated ahead (evaluateInlineAhead). Code that was not evaluated
 * ahead, or failed, stays plain text: bot code is never run on the spot, on the server's own thread.
 */
export function inlineEvaluator(ctx: Pick<ExecutionContext, "inlineValues">): SubstituteOptions["evaluateInline"] {
  const ahead = ctx.inlineValues;
  if (!ahead) return undefined;
  return (code) => ahead.get(code);
}

/**
 * Evaluates the block's inline code before the block runs, through the sandbox's asynchronous `run`:
 * in a worker thread, so that inline code looping until its time limit holds a worker, not every chat
 * on the server. `moreTexts` are texts outside the block that it templates too (the bubbles a
 * Transcript replays). The block then reads the values (inlineEvaluator) with the same variables.
 */
export async function evaluateInlineAhead(
  block: Block,
  state: SessionState,
  ports: EnginePorts,
  moreTexts: readonly string[] = [],
): Promise<Map<string, string | undefined> | undefined> {
  const expressions = [...inlineExpressionsOf(block), ...moreTexts.filter((text) => text.includes("{{="))];
  if (expressions.length === 0 || !ports.sandbox) return undefined;
  const codes = new Set(expressions.flatMap((text) => inlineCodeOf(text, state.variables)));
  const globals = inlineGlobals(state.variables);
  const sandbox = ports.sandbox;
  const evaluated = await Promise.all(
    [...codes].map(async (code) => {
      const result = await sandbox.run({ code, globals, kind: "inline" });
      return [code, result.ok ? inlineText(result.value) : undefined] as const;
    }),
  );
  return new Map(evaluated);
}

// Blocks of a published version are parsed once and shared, so each is searched once.
const inlineTexts = new WeakMap<object, string[]>();

/** Every string in the block that holds `{{=`. */
export function inlineExpressionsOf(block: Block): string[] {
  let texts = inlineTexts.get(block);
  if (!texts) {
    texts = [];
    collectInlineTexts(block, texts);
    inlineTexts.set(block, texts);
  }
  return texts;
}

function collectInlineTexts(value: unknown, into: string[]): void {
  if (typeof value === "string") {
    if (value.includes("{{=")) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectInlineTexts(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) collectInlineTexts(item, into);
  }
}

const inlineGlobals = (variables: readonly VariableLike[]) =>
  Object.fromEntries(variables.map((variable) => [variable.id, guessType(variable.value)]));

/** Text with `{{Name}}` filled in and `{{= … =}}` evaluated. */
export function templateText(text: string, ctx: Pick<ExecutionContext, "state" | "inlineValues">): string {
  return substituteVariables(text, ctx.state.variables, { evaluateInline: inlineEvaluator(ctx) });
}

function inlineText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
