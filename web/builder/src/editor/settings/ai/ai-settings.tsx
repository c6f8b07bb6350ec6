import { type ComponentType, useEffect, useId, useState } from "react";
import type { AiBlockType } from "../../../../../../src/schemas/blocks/index.js";
import { pluginCredentialsTypes } from "../../../../../../src/schemas/plugin-credentials.js";
import { useStore } from "../../../lib/store";
import { TextField } from "../../../ui/fields";
import { useEditor } from "../../editor-context";
import {
  Choice,
  DialogueFields,
  ListEditor,
  NumOrVariable,
  Text,
  Toggle,
  useBlock,
  Variable,
  VariableSelect,
} from "../block-fields";
import { getIn, setIn } from "../set-in";
import { listModels } from "./credentials-api";
import { CredentialsPicker } from "./credentials-picker";

/** The AI blocks, named as the reference names them, with the actions each offers. */
export const aiBlocks: { readonly [K in AiBlockType]: { label: string; actions: string[] } } = {
  openai: {
    label: "OpenAI",
    actions: ["Create chat completion", "Ask Model", "Generate variables", "Create speech", "Create transcription"],
  },
  anthropic: { label: "Anthropic", actions: ["Create Chat Message", "Generate variables"] },
  mistral: { label: "Mistral", actions: ["Create chat completion", "Generate variables"] },
  groq: { label: "Groq", actions: ["Create chat completion"] },
  deepseek: { label: "DeepSeek", actions: ["Create chat completion"] },
  perplexity: { label: "Perplexity", actions: ["Create chat completion"] },
  "together-ai": { label: "Together", actions: ["Create chat completion"] },
  "open-router": { label: "OpenRouter", actions: ["Create chat completion"] },
};

const isAiKind = (type: string): type is AiBlockType => Object.hasOwn(aiBlocks, type);

/** The AI blocks' settings forms, one per provider: a new provider does not compile until it has one. */
export const aiSettingsForms: { [K in AiBlockType]: ComponentType } = {
  openai: AiSettings,
  anthropic: AiSettings,
  mistral: AiSettings,
  groq: AiSettings,
  deepseek: AiSettings,
  perplexity: AiSettings,
  "together-ai": AiSettings,
  "open-router": AiSettings,
};

/** An AI block's settings: its account, its action, and that action's form. */
function AiSettings() {
  const { block, update } = useBlock();
  if (!isAiKind(block.type)) return null;
  const info = aiBlocks[block.type];
  const credentialsType = pluginCredentialsTypes[block.type];
  const action: string | undefined = getIn(block, ["options", "action"]);
  const credentialsId: string | undefined = getIn(block, ["options", "credentialsId"]);
  // Ask Assistant is kept running for imported bots, not offered for new ones.
  const actions = action === "Ask Assistant" ? [...info.actions, action] : info.actions;
  return (
    <>
      {credentialsType && (
        <CredentialsPicker
          type={credentialsType}
          label={info.label}
          value={credentialsId}
          onChange={(id) =>
            update((current) => setIn(current, ["options", "credentialsId"], id), `${block.id}:credentials`)
          }
        />
      )}
      <Choice path={["options", "action"]} label="Action" options={actions} emptyLabel="Select an action" />
      {(action === "Create chat completion" || action === "Create Chat Message") && (
        <ChatCompletionForm anthropic={action === "Create Chat Message"} credentialsId={credentialsId} />
      )}
      {action === "Generate variables" && <GenerateVariablesForm credentialsId={credentialsId} />}
      {action === "Ask Model" && <AskModelForm credentialsId={credentialsId} />}
      {action === "Ask Assistant" && <AskAssistantForm />}
      {action === "Create speech" && (
        <>
          <Text path={["options", "model"]} label="Model" placeholder="tts-1" />
          <Text path={["options", "input"]} label="Input" multiline />
          <Text path={["options", "instructions"]} label="Instructions" multiline />
          <Choice
            path={["options", "voice"]}
            label="Voice"
            options={["alloy", "echo", "fable", "onyx", "nova", "shimmer"]}
            emptyLabel="Select a voice"
          />
          <Variable path={["options", "saveUrlInVariableId"]} label="Save URL in variable" />
        </>
      )}
      {action === "Create transcription" && (
        <>
          <Text path={["options", "url"]} label="Audio URL" placeholder="{{Recording}}" />
          <Text path={["options", "model"]} label="Model" placeholder="whisper-1" />
          <Text path={["options", "prompt"]} label="Prompt" multiline />
          <Variable path={["options", "transcriptionVariableId"]} label="Save transcription in variable" />
        </>
      )}
    </>
  );
}

/** The model, with the provider's list (read through the server) as suggestions. */
export function ModelField({ credentialsId }: { credentialsId: string | undefined }) {
  const { store } = useEditor();
  const { block, update } = useBlock();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [models, setModels] = useState<string[]>([]);
  const listId = useId();
  useEffect(() => {
    if (!credentialsId) return setModels([]);
    void listModels(workspaceId, credentialsId).then(setModels, () => setModels([]));
  }, [workspaceId, credentialsId]);
  return (
    <label className="field">
      <span>Model</span>
      <input
        className="input"
        list={listId}
        value={getIn(block, ["options", "model"]) ?? ""}
        placeholder={models[0] ?? "Model name"}
        onChange={(event) =>
          update(
            (current) => setIn(current, ["options", "model"], event.target.value || undefined),
            `${block.id}:model`,
          )
        }
      />
      <datalist id={listId}>
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </label>
  );
}

type Message = { role?: string; content?: string; dialogueVariableId?: string; startsBy?: string; id: string };

function ChatCompletionForm({ anthropic, credentialsId }: { anthropic: boolean; credentialsId: string | undefined }) {
  const roles = anthropic ? ["user", "assistant", "Dialogue"] : ["system", "user", "assistant", "Dialogue"];
  const items = anthropic
    ? ["Message content"]
    : ["Message content", "Total tokens", "Prompt tokens", "Completion tokens"];
  return (
    <>
      <ModelField credentialsId={credentialsId} />
      {anthropic && <Text path={["options", "systemMessage"]} label="System prompt" multiline />}
      <ListEditor<Message>
        path={["options", "messages"]}
        label="Messages"
        addLabel="Add message"
        make={() => ({ role: "user" })}
        render={(entry, _index, setEntry) => (
          <>
            <label className="field">
              <span>Role</span>
              <select
                className="input"
                value={entry.role ?? "user"}
                onChange={(event) => setEntry({ role: event.target.value })}
              >
                {roles.map((role) => (
                  <option key={role}>{role}</option>
                ))}
              </select>
            </label>
            {entry.role === "Dialogue" ? (
              <DialogueFields entry={entry} setEntry={setEntry} />
            ) : (
              <TextField
                label="Content"
                multiline
                value={entry.content ?? ""}
                onChange={(content) => setEntry({ content })}
              />
            )}
          </>
        )}
      />
      {anthropic ? (
        <NumOrVariable path={["options", "maxTokens"]} label="Max tokens" placeholder="1024" />
      ) : (
        <ToolsEditor path={["options", "tools"]} label="Tools" />
      )}
      <NumOrVariable path={["options", "temperature"]} label="Temperature" placeholder="1" />
      <MappingEditor items={items} />
    </>
  );
}

type Tool = {
  type?: string;
  id: string;
  name?: string;
  description?: string;
  code?: string;
  parameters?: { type?: string; name?: string; description?: string; required?: boolean }[];
};

/** Functions the model may call: their parameters and the code that answers (run in the server's sandbox). */
function ToolsEditor({ path, label }: { path: string[]; label: string }) {
  return (
    <ListEditor<Tool>
      path={path}
      label={label}
      addLabel="Add tool"
      make={() => ({ type: "function", parameters: [] })}
      render={(entry, _index, setEntry) => (
        <>
          <TextField label="Name" value={entry.name ?? ""} onChange={(name) => setEntry({ name })} />
          <TextField
            label="Description"
            value={entry.description ?? ""}
            onChange={(description) => setEntry({ description })}
          />
          <TextField
            label="Parameters (name:type, one per line; * = required)"
            multiline
            value={(entry.parameters ?? [])
              .map(
                (parameter) => `${parameter.name ?? ""}:${parameter.type ?? "string"}${parameter.required ? "*" : ""}`,
              )
              .join("\n")}
            onChange={(text) =>
              setEntry({
                parameters: text
                  .split("\n")
                  .filter((line) => line.trim())
                  .map((line) => {
                    const [name, rawType = "string"] = line.split(":").map((part) => part.trim());
                    const required = rawType.endsWith("*");
                    return { name, type: rawType.replace("*", "") || "string", required };
                  }),
              })
            }
          />
          <TextField label="Code" multiline code value={entry.code ?? ""} onChange={(code) => setEntry({ code })} />
        </>
      )}
    />
  );
}

/** "Save response": which item of the answer goes to which variable (plug-in forms use it too). */
export function MappingEditor({ items }: { items: string[] }) {
  return (
    <ListEditor<{ id: string; item?: string; variableId?: string }>
      path={["options", "responseMapping"]}
      label="Save response"
      addLabel="Add mapping"
      make={() => ({ item: items[0] })}
      render={(entry, _index, setEntry) => (
        <>
          <label className="field">
            <span>Item</span>
            <select
              className="input"
              value={entry.item ?? items[0]}
              onChange={(event) => setEntry({ item: event.target.value })}
            >
              {items.map((item) => (
                <option key={item}>{item}</option>
              ))}
            </select>
          </label>
          <VariableSelect
            label="Variable"
            value={entry.variableId}
            onChange={(variableId) => setEntry({ variableId })}
          />
        </>
      )}
    />
  );
}

function GenerateVariablesForm({ credentialsId }: { credentialsId: string | undefined }) {
  return (
    <>
      <ModelField credentialsId={credentialsId} />
      <Text path={["options", "prompt"]} label="Prompt" multiline />
      <ListEditor<{ id: string; variableId?: string; type?: string; description?: string; isRequired?: boolean }>
        path={["options", "variablesToExtract"]}
        label="Variables to extract"
        addLabel="Add variable"
        make={() => ({ type: "string", isRequired: true })}
        render={(entry, _index, setEntry) => (
          <>
            <VariableSelect
              label="Variable"
              value={entry.variableId}
              onChange={(variableId) => setEntry({ variableId })}
            />
            <label className="field">
              <span>Type</span>
              <select
                className="input"
                value={entry.type ?? "string"}
                onChange={(event) => setEntry({ type: event.target.value })}
              >
                {["string", "number", "boolean", "array", "enum"].map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            </label>
            <TextField
              label="Description"
              value={entry.description ?? ""}
              onChange={(description) => setEntry({ description })}
            />
            <label className="field">
              <span>Is required</span>
              <input
                type="checkbox"
                checked={entry.isRequired ?? true}
                onChange={(event) => setEntry({ isRequired: event.target.checked })}
              />
            </label>
          </>
        )}
      />
    </>
  );
}

function AskModelForm({ credentialsId }: { credentialsId: string | undefined }) {
  return (
    <>
      <ModelField credentialsId={credentialsId} />
      <Text path={["options", "message"]} label="Message" multiline />
      <Text path={["options", "instructions"]} label="Instructions" multiline />
      <Variable path={["options", "responseIdVariableId"]} label="Response ID variable" />
      <Toggle path={["options", "webSearchEnabled"]} label="Web search" />
      <Toggle path={["options", "codeInterpreterEnabled"]} label="Code interpreter" />
      <ToolsEditor path={["options", "functions"]} label="Functions" />
      <NumOrVariable path={["options", "temperature"]} label="Temperature" placeholder="1" />
      <MappingEditor items={["Message", "Response ID"]} />
    </>
  );
}

function AskAssistantForm() {
  return (
    <>
      <Text path={["options", "assistantId"]} label="Assistant ID" />
      <Variable path={["options", "threadVariableId"]} label="Thread ID variable" />
      <Text path={["options", "message"]} label="Message" multiline />
      <Text path={["options", "additionalInstructions"]} label="Additional instructions" multiline />
      <MappingEditor items={["Message", "Thread ID"]} />
    </>
  );
}
