import {
  elevenLabsActions,
  elevenLabsOptionsSchema,
} from "../../../../schemas/blocks/integrations/plugins/elevenlabs-options.js";
import type { ActionOutcome, ExecutionContext } from "../../executor.js";
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

/** "Convert text to speech": the MP3 is stored with the uploads; its URL goes to the variable. */
async function convertTextToSpeech(block: PluginBlock, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const parsed = elevenLabsOptionsSchema.safeParse(block.options ?? {});
  if (!parsed.success) return { ...next, logs: [errorLog("elevenlabs is not configured")] };
  const options = parsed.data;
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [errorLog("Could not find credentials for block elevenlabs")] };
  const voiceId = filledText(options.voiceId, variables);
  if (!voiceId) return { ...next, logs: [errorLog("Voice ID is missing")] };
  const text = filledText(options.text, variables);
  if (!text) return { ...next, logs: [errorLog("Text is missing")] };
  if (!options.saveUrlInVariableId) return { ...next, logs: [errorLog("Save variable is missing")] };
  if (!ctx.ports.elevenlabs) return { ...next, logs: [unavailableLog("ElevenLabs")] };
  const modelId = filledText(options.modelId, variables);
  const result = await ctx.ports.elevenlabs.textToSpeech(
    { credentialsId: options.credentialsId, voiceId, text, ...(modelId ? { modelId } : {}) },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [pluginFailureLog(result, "While converting text to ElevenLabs speech")] };
  return { ...next, variables: saveInVariable(variables, options.saveUrlInVariableId, result.url) };
}

export const elevenLabsExecutor = pluginExecutor("elevenlabs", {
  [elevenLabsActions.textToSpeech]: convertTextToSpeech,
});
