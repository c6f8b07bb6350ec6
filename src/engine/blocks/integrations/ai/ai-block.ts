import { aiActions, aiBlockActions } from "../../../../schemas/blocks/integrations/ai/ai-options.js";
import type { AiProvider } from "../../../ports.js";
import type { ActionExecutor } from "../../executor.js";
import { resumeChatCompletion, runChatCompletion, errorLog } from "./chat-completion.js";
import { runGenerateVariables } from "./generate-variables.js";
import { runAskAssistant, runAskModel, runCreateSpeech, runCreateTranscription } from "./openai-actions.js";

const actionOf = (options: unknown) => (options as { action?: unknown } | undefined)?.action;

/**
 * An AI plug-in block (`openai`, `anthropic`, `mistral`, …): runs the action its options name. A
 * block without an action is logged as not configured; an action this provider does not have is
 * logged too. Either way the flow goes on along the block's edge.
 */
export function aiBlockExecutor<T extends AiProvider>(provider: T): ActionExecutor<T> {
  return {
    kind: "action",
    execute(typed, ctx) {
      // Every plug-in block has the same shape: an id, an edge and loose options.
      const block = typed as { id: string; outgoingEdgeId?: string; options?: unknown };
      const action = actionOf(block.options);
      if (action === aiActions.chatCompletion || (provider === "anthropic" && action === aiActions.anthropicChat))
        return runChatCompletion(provider, block, ctx);
      if (action === aiActions.generateVariables) return runGenerateVariables(provider, block, ctx);
      if (provider === "openai") {
        if (action === aiActions.askModel) return runAskModel(block, ctx);
        if (action === aiActions.askAssistant) return runAskAssistant(block, ctx);
        if (action === aiActions.createSpeech) return runCreateSpeech(block, ctx);
        if (action === aiActions.createTranscription) return runCreateTranscription(block, ctx);
      }
      const description = action ? `${provider} has no action "${String(action)}"` : `${provider} is not configured`;
      return { outgoingEdgeId: block.outgoingEdgeId, logs: [errorLog(description)] };
    },
    // Only a chat completion waits for the client (the streamed answer).
    resume: (block, reply, ctx) =>
      resumeChatCompletion(block as { id: string; outgoingEdgeId?: string; options?: unknown }, reply, ctx),
  };
}

/** The plug-in blocks that are AI blocks. */
export const isAiProvider = (type: string): type is AiProvider => Object.hasOwn(aiBlockActions, type);
