import { evaluateCondition } from "../../conditions/evaluate-condition.js";
import { getDisplayedPictureItems } from "../../replies/displayed-items.js";
import { parsePictureChoiceReply } from "../../replies/picture-choice.js";
import { deepSubstitute } from "../../variables/substitute.js";
import type { ExecutionContext, InputExecutor } from "../executor.js";
import type { PictureChoiceInputBlock } from "../../../schemas/blocks/index.js";
import { presentInput, templatedOptions } from "./present.js";

const displayedItems = (block: PictureChoiceInputBlock, ctx: ExecutionContext) =>
  deepSubstitute(getDisplayedPictureItems(block, ctx.state.variables, evaluateCondition), ctx.state.variables);

export const pictureChoiceInputExecutor: InputExecutor<"picture choice input"> = {
  kind: "input",
  present: (block, ctx) => ({ ...presentInput(block, ctx), items: displayedItems(block, ctx) }),
  parseReply: (block, reply, ctx) =>
    parsePictureChoiceReply(reply, {
      isMultipleChoice: templatedOptions(block, ctx)?.isMultipleChoice,
      items: displayedItems(block, ctx),
    }),
};
