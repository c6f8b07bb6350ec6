import { evaluateCondition } from "../../conditions/evaluate-condition.js";
import { parseChoiceReply } from "../../replies/choice.js";
import { getDisplayedChoiceItems } from "../../replies/displayed-items.js";
import { deepSubstitute } from "../../variables/substitute.js";
import type { ExecutionContext, InputExecutor } from "../executor.js";
import type { ChoiceInputBlock } from "../../../schemas/blocks/index.js";
import { presentInput, templatedOptions } from "./present.js";

/** Items the visitor sees: display conditions read the raw block, then the survivors are templated. */
const displayedItems = (block: ChoiceInputBlock, ctx: ExecutionContext) =>
  deepSubstitute(getDisplayedChoiceItems(block, ctx.state.variables, evaluateCondition), ctx.state.variables);

export const choiceInputExecutor: InputExecutor<"choice input"> = {
  kind: "input",
  present: (block, ctx) => ({ ...presentInput(block, ctx), items: displayedItems(block, ctx) }),
  parseReply: (block, reply, ctx) =>
    parseChoiceReply(reply, {
      isMultipleChoice: templatedOptions(block, ctx)?.isMultipleChoice,
      items: displayedItems(block, ctx),
    }),
};
