import type { AiBlock, AiBlockType } from "../../../../schemas/blocks/index.js";
import { aiActions } from "../../../../schemas/blocks/integrations/ai/ai-options.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext } from "../../executor.js";
import { pluginExecutor, type PluginBlockOf } from "../plugins/plugin-block.js";
import { resumeChatCompletion, runChatCompletion } from "./chat-completion.js";
import { runGenerateVariables } from "./generate-variables.js";
import { runAskAssistant, runAskModel, runCreateSpeech, runCreateTranscription } from "./openai-actions.js";

type Run<T extends AiBlockType> = (block: PluginBlockOf<T>, ctx: ExecutionContext) => Promise<ActionOutcome>;
const chat =
  <T extends AiBlockType>(provider: T): Run<T> =>
  (block, ctx) =>
    runChatCompletion(provider, block, ctx);
const generateVariables =
  <T extends "openai" | "anthropic" | "mistral">(provider: T): Run<T> =>
  (block, ctx) =>
    runGenerateVariables(provider, block, ctx);

/**
 * An AI block that only completes chats (Groq, DeepSeek, …). Like every AI block it runs the action its
 * options name; a block without one, or with one this provider lacks, is logged and the flow goes on.
 * Only a chat completion waits for the client (the streamed answer).
 */
const chatOnly = <T extends AiBlockType>(provider: T) =>
  pluginExecutor(provider, { [aiActions.chatCompletion]: chat(provider) }, resumeChatCompletion);

/** The AI providers' blocks, one entry each: a new provider does not compile until it is listed. */
export const aiExecutors: { [T in AiBlockType]: ActionExecutor<T> } = {
  openai: pluginExecutor(
    "openai",
    {
      [aiActions.chatCompletion]: chat("openai"),
      [aiActions.generateVariables]: generateVariables("openai"),
      [aiActions.askModel]: runAskModel,
      [aiActions.askAssistant]: runAskAssistant,
      [aiActions.createSpeech]: runCreateSpeech,
      [aiActions.createTranscription]: runCreateTranscription,
    },
    resumeChatCompletion,
  ),
  anthropic: pluginExecutor(
    "anthropic",
    { [aiActions.anthropicChat]: chat("anthropic"), [aiActions.generateVariables]: generateVariables("anthropic") },
    resumeChatCompletion,
  ),
  mistral: pluginExecutor(
    "mistral",
    { [aiActions.chatCompletion]: chat("mistral"), [aiActions.generateVariables]: generateVariables("mistral") },
    resumeChatCompletion,
  ),
  groq: chatOnly("groq"),
  deepseek: chatOnly("deepseek"),
  perplexity: chatOnly("perplexity"),
  "together-ai": chatOnly("together-ai"),
  "open-router": chatOnly("open-router"),
};

/** The blocks of the AI providers. */
export const isAiBlock = (block: { type: string }): block is AiBlock => Object.hasOwn(aiExecutors, block.type);
