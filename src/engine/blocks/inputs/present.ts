import type { Block } from "../../../schemas/blocks/index.js";
import { deepSubstitute } from "../../variables/substitute.js";
import type { ChatInput, ExecutionContext } from "../executor.js";

/** The block with every string templated, plus the variable's current text as `prefilledValue`. */
export function presentInput(block: Block, ctx: ExecutionContext): ChatInput {
  const templated = deepSubstitute(block, ctx.state.variables) as ChatInput;
  const options = "options" in block ? block.options : undefined;
  const variableId = options && "variableId" in options ? options.variableId : undefined;
  const value = variableId ? ctx.state.variables.find((variable) => variable.id === variableId)?.value : undefined;
  return typeof value === "string" && value !== "" ? { ...templated, prefilledValue: value } : templated;
}

/** The block's options with variables substituted, as validation must see them. */
export function templatedOptions<O>(block: { options?: O }, ctx: ExecutionContext): O | undefined {
  return block.options === undefined ? undefined : deepSubstitute(block.options, ctx.state.variables);
}
