import {
  chatNodeActions,
  type ChatNodeOptions,
} from "../../../../schemas/blocks/integrations/plugins/chat-node-options.js";
import type { ChatNodePort } from "../../../ports.js";
import {
  filled,
  missingLog,
  type PluginAction,
  serviceFailureLog,
  servicePluginExecutor,
  variableUpdate,
} from "./plugin-kit.js";

/**
 * "Send Message": the message to the ChatNode bot, in the thread (chat session) the Thread ID option
 * names, or a new one; the answer and the thread id go to the mapped variables.
 */
const sendMessage: PluginAction<ChatNodeOptions, ChatNodePort> = async (
  options,
  { port, credentialsId, scope, ctx },
) => {
  const botId = filled(options.botId)?.trim();
  if (!botId) return { logs: [missingLog("Bot ID is missing")] };
  const message = filled(options.message)?.trim();
  if (!message) return { logs: [missingLog("Message is missing")] };
  const threadId = filled(options.threadId)?.trim();
  const result = await port.sendMessage({ credentialsId, botId, message, ...(threadId ? { threadId } : {}) }, scope);
  if (!result.ok) return { logs: [serviceFailureLog(result, "While sending message to ChatNode")] };
  const variables = (options.responseMapping ?? []).flatMap((mapping) => {
    const saved = variableUpdate(
      ctx,
      mapping.variableId,
      (mapping.item ?? "Message") === "Message" ? result.message : result.threadId,
    );
    return saved ? [saved] : [];
  });
  return { variables };
};

export const chatNodeExecutor = servicePluginExecutor("chat-node", {
  port: (ports) => ports.chatNode,
  service: "ChatNode",
  actions: { [chatNodeActions.sendMessage]: sendMessage },
});
