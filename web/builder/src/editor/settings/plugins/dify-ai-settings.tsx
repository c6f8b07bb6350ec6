import { KeyValues, Text, Variable } from "../block-fields";
import { MappingEditor } from "../ai/ai-settings";
import { PluginForm } from "./plugin-form";

/** Dify.AI: a chat message to an app (the conversation kept in a variable), or a knowledge base query. */
export function DifyAiSettings() {
  return (
    <PluginForm
      label="Dify.AI"
      credentials={[
        { field: "apiKey", label: "App API key" },
        { field: "knowledgeApiKey", label: "Knowledge base API key" },
      ]}
      forms={{
        "Create Chat Message": (
          <>
            <Text path={["options", "query"]} label="Query" multiline placeholder="{{Question}}" />
            <Variable path={["options", "conversationVariableId"]} label="Conversation ID variable" />
            <KeyValues path={["options", "inputs"]} label="Inputs" />
            <MappingEditor
              items={["Message content", "Conversation ID", "Total tokens", "Prompt tokens", "Completion tokens"]}
            />
          </>
        ),
        "Query Knowledge Base": (
          <>
            <Text path={["options", "datasetId"]} label="Knowledge Base ID" />
            <Text path={["options", "query"]} label="Query" multiline placeholder="{{Question}}" />
            <MappingEditor items={["Retrieved chunks"]} />
          </>
        ),
      }}
    />
  );
}
