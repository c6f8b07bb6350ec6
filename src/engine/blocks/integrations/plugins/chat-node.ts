import {
  chatNodeActions,
  chatNodeOptionsSchema,
} from "../../../../schemas/blocks/integrations/plugins/chat-node-options.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { errorLog } from "../ai/chat-completion.js";
import { integrationScope } from "../integration-scope.js";
import {
  filledText,
  type PluginBlock,
  pluginExecutor,
  pluginFailureLog,
  saveInVariable,
  unavailableLog,
} from "./plugin-block.js";

/**
 * "Send Message": the message to the ChatNode bot, in the thread (chat session) the Thread ID option
 * names, or a new one; the answer and the thread id go to the mapped variables.
 */
async function sendMessage(block: PluginBlock, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const parsed = chatNodeOptionsSchema.safeParse(block.options ?? {});
  if (!parsed.success) return { ...next, logs: [errorLog("chat-node is not configured")] };
  const options = parsed.data;
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [errorLog("Could not find credentials for block chat-node")] };
  const botId = filledText(options.botId, variables);
  if (!botId) return { ...next, logs: [errorLog("Bot ID is missing")] };
  const message = filledText(options.message, variables);
  if (!message) return { ...next, logs: [errorLog("Message is missing")] };
  if (!ctx.ports.chatNode) return { ...next, logs: [unavailableLog("ChatNode")] };
  const threadId = filledText(options.threadId, variables);
  const result = await ctx.ports.chatNode.sendMessage(
    { credentialsId: options.credentialsId, botId, message, ...(threadId ? { threadId } : {}) },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [pluginFailureLog(result, "While sending message to ChatNode")] };
  const updates: VariableUpdate[] = [];
  for (const mapping of options.responseMapping ?? [])
    updates.push(
      ...saveInVariable(
        variables,
        mapping.variableId,
        (mapping.item ?? "Message") === "Message" ? result.message : result.threadId,
      ),
    );
  return { ...next, variables: updates };
}

export const chatNodeExecutor = pluginExecutor("chat-node", { [chatNodeActions.sendMessage]: sendMessage });
