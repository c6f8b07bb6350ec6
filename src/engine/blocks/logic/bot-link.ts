import { botLinkDefaults, currentBotId } from "../../../schemas/blocks/index.js";
import type { RuntimeBot } from "../../runtime-bot.js";
import { findUniqueVariable, substituteVariables } from "../../variables/substitute.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext } from "../executor.js";

const failed = (block: { outgoingEdgeId?: string }, details: string): ActionOutcome => ({
  outgoingEdgeId: block.outgoingEdgeId,
  logs: [{ status: "error", description: "Failed to link bot", details }],
});

function startGroup(target: RuntimeBot, groupOption: string, ctx: ExecutionContext) {
  if (findUniqueVariable(groupOption, ctx.state.variables)) {
    const title = substituteVariables(groupOption, ctx.state.variables);
    return target.document.groups.find((group) => group.title === title);
  }
  return target.groupById.get(groupOption);
}

/**
 * Runs another bot of the same workspace (its published version for visitors, its draft in a
 * preview), from its start or a chosen group; the flow comes back after this block when it ends.
 * Unless `mergeResults` is on, the other bot answers on a result of its own; the bot linking to
 * itself always shares its result.
 */
export const botLinkExecutor: ActionExecutor<"Bot link"> = {
  kind: "action",
  async execute(block, ctx) {
    const botId = block.options?.botId;
    if (!botId) return failed(block, "Bot ID is not specified");
    const isSameBot = botId === currentBotId || botId === ctx.bot.id;
    const mergeResults = isSameBot || (block.options?.mergeResults ?? botLinkDefaults.mergeResults);
    if (!mergeResults && ctx.skipLinksWithOwnResult) return { outgoingEdgeId: block.outgoingEdgeId };
    const target = isSameBot ? ctx.bot : await ctx.ports.bots?.load(botId, ctx.state.mode, ctx.state.workspaceId);
    if (!target) return failed(block, `Bot with ID ${botId} not found`);
    const groupOption = block.options?.groupId;
    if (groupOption) {
      const group = startGroup(target, groupOption, ctx);
      if (!group) return failed(block, `Group with ID "${groupOption}" not found`);
      return { link: { bot: target, start: { groupId: group.id, blockIndex: 0 }, mergeResults } };
    }
    const startEvent = target.document.events.find((event) => event.type === "start");
    return { link: { bot: target, start: { edgeId: startEvent?.outgoingEdgeId }, mergeResults } };
  },
};
