import {
  elevenLabsActions,
  type ElevenLabsOptions,
} from "../../../../schemas/blocks/integrations/plugins/elevenlabs-options.js";
import type { ElevenLabsPort } from "../../../ports.js";
import {
  filled,
  missingLog,
  type PluginAction,
  serviceFailureLog,
  servicePluginExecutor,
  variableUpdate,
} from "./plugin-kit.js";

/** "Convert text to speech": the MP3 is stored with the uploads; its URL goes to the variable. */
const convertTextToSpeech: PluginAction<ElevenLabsOptions, ElevenLabsPort> = async (
  options,
  { port, credentialsId, scope, ctx },
) => {
  const voiceId = filled(options.voiceId)?.trim();
  if (!voiceId) return { logs: [missingLog("Voice ID is missing")] };
  const text = filled(options.text)?.trim();
  if (!text) return { logs: [missingLog("Text is missing")] };
  if (!options.saveUrlInVariableId) return { logs: [missingLog("Save variable is missing")] };
  const modelId = filled(options.modelId)?.trim();
  const result = await port.textToSpeech({ credentialsId, voiceId, text, ...(modelId ? { modelId } : {}) }, scope);
  if (!result.ok) return { logs: [serviceFailureLog(result, "While converting text to ElevenLabs speech")] };
  const saved = variableUpdate(ctx, options.saveUrlInVariableId, result.url);
  return saved ? { variables: [saved] } : {};
};

export const elevenLabsExecutor = servicePluginExecutor("elevenlabs", {
  port: (ports) => ports.elevenlabs,
  service: "ElevenLabs",
  actions: { [elevenLabsActions.textToSpeech]: convertTextToSpeech },
});
