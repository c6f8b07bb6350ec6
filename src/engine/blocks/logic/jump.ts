import { findUniqueVariable, substituteVariables } from "../../variables/substitute.js";
import type { ActionExecutor, ExecutionContext } from "../executor.js";

const jumpError = (description: string) => ({
  outgoingEdgeId: null,
  logs: [{ status: "error", description, context: "Error while executing Jump block" }],
});

/** A group by id, or by title when the option is a single `{{variable}}` holding it. */
function findGroup(groupOption: string, ctx: ExecutionContext) {
  const byVariable = findUniqueVariable(groupOption, ctx.state.variables);
  if (byVariable) {
    const title = substituteVariables(groupOption, ctx.state.variables);
    return ctx.bot.document.groups.find((group) => group.title === title);
  }
  return ctx.bot.groupById.get(groupOption);
}

/** Goes to a group (and block); a later Return block comes back to the block after this one. */
export const jumpExecutor: ActionExecutor<"Jump"> = {
  kind: "action",
  execute(block, ctx) {
    const group = block.options?.groupId ? findGroup(block.options.groupId, ctx) : undefined;
    if (!group) return jumpError("Group to jump to is not found");
    const blockIndex = block.options?.blockId
      ? group.blocks.findIndex((candidate) => candidate.id === block.options?.blockId)
      : 0;
    if (blockIndex < 0) return jumpError("Block to jump to is not found");
    const here = ctx.bot.blockById.get(block.id);
    return {
      goTo: { groupId: group.id, blockIndex },
      navigation: { returnTo: here ? { groupId: here.group.id, blockIndex: here.blockIndex + 1 } : undefined },
    };
  },
};
