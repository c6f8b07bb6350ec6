import { Text, Variable } from "../block-fields";
import { PluginForm } from "./plugin-form";

/** ElevenLabs: text to speech, the audio's URL saved in a variable. */
export function ElevenLabsSettings() {
  return (
    <PluginForm
      label="ElevenLabs"
      credentials={[{ field: "apiKey", label: "API key" }]}
      forms={{
        "Convert text to speech": (
          <>
            <Text path={["options", "text"]} label="Text" multiline />
            <Text path={["options", "voiceId"]} label="Voice ID" placeholder="21m00Tcm4TlvDq8ikWAM" />
            <Text path={["options", "modelId"]} label="Model ID" placeholder="eleven_multilingual_v2" />
            <Variable path={["options", "saveUrlInVariableId"]} label="Save audio URL in variable" />
          </>
        ),
      }}
    />
  );
}
