import { Text } from "../block-fields";
import { MappingEditor } from "../ai/ai-settings";
import { PluginForm } from "./plugin-form";

/** ChatNode: a message to a ChatNode bot, in the thread a variable keeps. */
export function ChatNodeSettings() {
  return (
    <PluginForm
      label="ChatNode"
      credentials={[{ field: "apiKey", label: "API key" }]}
      forms={{
        "Send Message": (
          <>
            <Text path={["options", "botId"]} label="Bot ID" />
            <Text path={["options", "message"]} label="Message" multiline placeholder="{{Question}}" />
            <Text path={["options", "threadId"]} label="Thread ID" placeholder="{{Thread}}" />
            <MappingEditor items={["Message", "Thread ID"]} />
          </>
        ),
      }}
    />
  );
}
