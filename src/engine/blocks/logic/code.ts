import { codeDefaults } from "../../../schemas/blocks/catalogue/logic.js";
import type { ChatLog } from "../../../schemas/chat.js";
import { guessType, serializeVariableValue } from "../../variables/serialize.js";
import { splitTemplate } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";
import type { VariableUpdate } from "../../variables/update.js";
import type { ActionExecutor } from "../executor.js";

export type CodeArg = { id: string; value: unknown };

/**
 * Bot code as it is run: each `{{Name}}` becomes the variable's id (an identifier in the code), and
 * `args` hold the type-guessed values of the variables the code names, once each.
 */
export function codeWithArgs(code: string, variables: readonly VariableLike[]): { content: string; args: CodeArg[] } {
  const parts = splitTemplate(code, variables, { mode: "code" });
  const ids = new Set<string>();
  for (const part of parts) if (part.kind === "value" && part.variableId) ids.add(part.variableId);
  return {
    content: parts.map((part) => part.text).join(""),
    args: [...ids].map((id) => ({ id, value: guessType(variables.find((variable) => variable.id === id)?.value) })),
  };
}

export const argsAsGlobals = (args: readonly CodeArg[]): Record<string, unknown> =>
  Object.fromEntries(args.map((arg) => [arg.id, arg.value]));

/** `setVariable(name, value)` calls from bot code, applied by variable name; unknown names are ignored. */
export function updatesByName(
  calls: readonly { name: string; value: unknown }[],
  variables: readonly VariableLike[],
): VariableUpdate[] {
  return calls.flatMap(({ name, value }) => {
    const variable = variables.find((candidate) => candidate.name === name);
    return variable ? [{ id: variable.id, value: serializeVariableValue(value) }] : [];
  });
}

export const noSandboxLog: ChatLog = {
  status: "error",
  description: "Code cannot run on this server: no code sandbox is configured",
};

/**
 * Code blocks run in the visitor's browser unless told otherwise (a `scriptToExecute` action the
 * client runs without answering), or here in the sandbox, where `setVariable` writes variables by
 * name. A failing script is logged and the flow goes on.
 */
export const codeExecutor: ActionExecutor<"Code"> = {
  kind: "action",
  async execute(block, ctx) {
    const edge = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options;
    if (!options?.content) return edge;
    const script = codeWithArgs(options.content, ctx.state.variables);
    if (options.isExecutedOnClient ?? codeDefaults.isExecutedOnClient)
      return {
        ...edge,
        clientSideActions: [
          { type: "scriptToExecute", scriptToExecute: { ...script, ...(options.isUnsafe ? { isUnsafe: true } : {}) } },
        ],
      };
    const sandbox = ctx.ports.sandbox;
    if (!sandbox) return { ...edge, logs: [noSandboxLog] };
    const result = await sandbox.run({ code: script.content, globals: argsAsGlobals(script.args), kind: "script" });
    if (!result.ok) return { ...edge, logs: [{ status: "error", description: result.error }] };
    return { ...edge, variables: updatesByName(result.setVariables, ctx.state.variables) };
  },
};
