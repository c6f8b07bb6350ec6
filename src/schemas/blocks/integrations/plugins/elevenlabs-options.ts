import { z } from "zod";

const text = z.string().optional();

export const elevenLabsActions = { textToSpeech: "Convert text to speech" } as const;

/** ElevenLabs "Convert text to speech", as the reference stores it (every field optional, unknown keys kept). */
export const elevenLabsOptionsSchema = z.looseObject({
  credentialsId: text,
  action: text,
  text,
  voiceId: text,
  modelId: text,
  saveUrlInVariableId: text,
});
export type ElevenLabsOptions = z.infer<typeof elevenLabsOptionsSchema>;
