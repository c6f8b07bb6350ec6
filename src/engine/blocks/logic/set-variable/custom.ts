import type { SetVariableBlock } from "../../../../schemas/blocks/logic/set-variable.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { findUniqueVariable } from "../../../variables/substitute.js";
import type { VariableUpdate } from "../../../variables/update.js";
import type { ExecutionContext } from "../../executor.js";
import { argsAsGlobals, codeWithArgs, updatesByName } from "../code.js";
import { templateText } from "../../inline-code.js";

type Options = NonNullable<SetVariableBlock["options"]>;
export type ValueOutcome = { variables: VariableUpdate[]; logs?: ChatLog[] };

// "0123" would read as a number (or an octal one); it is an id, a zip code, a phone number.
const LEADING_ZERO_NUMBER = /^0[^.]/;

/**
 * A Custom value: the expression's result, computed in the sandbox. One `{{Name}}` alone copies that
 * variable's value as it is (a list stays a list), and a number written with a leading zero is kept as
 * text. When the code fails, the variable gets the expression as templated text (so `Hello {{Name}}`
 * works without quotes); in code mode the error is also logged and can be saved in a variable.
 */
export async function customValue(options: Options, variableId: string, ctx: ExecutionContext): Promise<ValueOutcome> {
  const expression = options.expressionToEvaluate;
  const variables = ctx.state.variables;
  if (!expression) return { variables: [{ id: variableId, value: null }] };
  const single = findUniqueVariable(expression, variables);
  if (single) return { variables: [{ id: variableId, value: single.value ?? null }] };
  if (LEADING_ZERO_NUMBER.test(expression) && !Number.isNaN(Number(expression)))
    return { variables: [{ id: variableId, value: expression }] };

  const script = codeWithArgs(expression, variables);
  const result = ctx.ports.sandbox
    ? await ctx.ports.sandbox.run({ code: script.content, globals: argsAsGlobals(script.args), kind: "expression" })
    : { ok: false as const, error: "No code sandbox is configured on this server" };
  // The target variable is written last, so it wins over a setVariable call on the same variable.
  if (result.ok)
    return {
      variables: [
        ...updatesByName(result.setVariables, variables),
        { id: variableId, value: serializeVariableValue(result.value) },
      ],
    };

  const fallback: VariableUpdate[] = [{ id: variableId, value: serializeVariableValue(templateText(expression, ctx)) }];
  if (!options.isCode) return { variables: fallback };
  if (options.saveErrorInVariableId) fallback.push({ id: options.saveErrorInVariableId, value: result.error });
  return {
    variables: fallback,
    logs: [{ status: "error", description: "Error evaluating Set variable code", details: result.error }],
  };
}
