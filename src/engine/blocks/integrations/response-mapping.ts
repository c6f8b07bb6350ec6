import type { ResponseVariableMapping } from "../../../schemas/blocks/shared.js";
import { serializeVariableValue } from "../../variables/serialize.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { ExecutionContext, VariableUpdate } from "../executor.js";
import { evaluatePath } from "./response-path.js";

export type MappedResponse = { statusCode: number; data: unknown };

/**
 * Copies parts of a response into variables. A path is read without running code; a mapping that is
 * real JavaScript (`data.items.map(i => i.id)`) runs in the sandbox when the server has one. A mapping
 * that cannot be read is skipped, leaving its variable as it was.
 */
export async function mapResponse(
  mappings: readonly ResponseVariableMapping[] | undefined,
  response: MappedResponse,
  ctx: ExecutionContext,
): Promise<VariableUpdate[]> {
  return (await mapResponseReads(mappings, response, ctx)).updates;
}

/** As mapResponse, also naming the paths (after substitution) that could not be read. */
export async function mapResponseReads(
  mappings: readonly ResponseVariableMapping[] | undefined,
  response: MappedResponse,
  ctx: ExecutionContext,
): Promise<{ updates: VariableUpdate[]; failedPaths: string[] }> {
  const updates: VariableUpdate[] = [];
  const failedPaths: string[] = [];
  for (const mapping of mappings ?? []) {
    if (!mapping.bodyPath || !mapping.variableId) continue;
    if (!ctx.state.variables.some((variable) => variable.id === mapping.variableId)) continue;
    const path = substituteVariables(mapping.bodyPath, ctx.state.variables);
    const read = await readMapping(path, response, ctx);
    if (read.ok) updates.push({ id: mapping.variableId, value: serializeVariableValue(read.value) });
    else failedPaths.push(path);
  }
  return { updates, failedPaths };
}

async function readMapping(
  path: string,
  response: MappedResponse,
  ctx: ExecutionContext,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const roots = { data: response.data, statusCode: response.statusCode };
  const read = evaluatePath(path, roots);
  if (read.ok || read.reason === "unreadable" || !ctx.ports.sandbox) return read;
  const ran = await ctx.ports.sandbox.run({ code: path, globals: roots, kind: "expression" });
  return ran.ok ? { ok: true, value: ran.value } : { ok: false };
}
