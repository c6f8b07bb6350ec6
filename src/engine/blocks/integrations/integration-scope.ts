import type { IntegrationScope } from "../../ports.js";
import type { ExecutionContext } from "../executor.js";

/** Credentials are looked up in the session's workspace, for the bot that runs the block. */
export function integrationScope(ctx: ExecutionContext): IntegrationScope {
  return { workspaceId: ctx.state.workspaceId, botId: ctx.bot.id, mode: ctx.state.mode };
}
