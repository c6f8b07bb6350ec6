import { TextField } from "../../ui/fields";
import {
  Choice,
  DialogueFields,
  ListEditor,
  NumOrVariable,
  Text,
  useBlock,
  Variable,
  VariableSelect,
} from "./block-fields";
import { getIn } from "./set-in";

export function OpenAiSettings() {
  const { block } = useBlock();
  const task = getIn(block, ["options", "task"]) ?? "Create chat completion";
  return (
    <>
      <Choice
        path={["options", "task"]}
        label="Task"
        options={["Create chat completion", "Create speech", "Create image"]}
        defaultValue="Create chat completion"
      />
      <Text path={["options", "credentialsId"]} label="Credentials id" />
      <Text
        path={["options", "baseUrl"]}
        label="Base address"
        placeholder="https://api.openai.com/v1"
        hint="With credentials, their key goes only to the base URL saved with them: leave this empty or give that same address."
      />
      <Text path={["options", "apiVersion"]} label="API version (Azure)" />
      <Text path={["options", "model"]} label="Model" placeholder="gpt-3.5-turbo" />
      {task === "Create chat completion" && (
        <>
          <OpenAiMessages />
          <NumOrVariable path={["options", "advancedSettings", "temperature"]} label="Temperature" placeholder="1" />
          <ListEditor<{ id: string; valueToExtract?: string; variableId?: string }>
            path={["options", "responseMapping"]}
            label="Save the response in"
            addLabel="Add a mapping"
            make={() => ({ valueToExtract: "Message content" })}
            render={(entry, _index, setEntry) => (
              <>
                <label className="field">
                  <span>Value</span>
                  <select
                    className="input"
                    value={entry.valueToExtract ?? "Message content"}
                    onChange={(event) => setEntry({ valueToExtract: event.target.value })}
                  >
                    {["Message content", "Total tokens", "Prompt tokens", "Completion tokens"].map((value) => (
                      <option key={value}>{value}</option>
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
        </>
      )}
      {task === "Create image" && (
        <>
          <Text path={["options", "prompt"]} label="Prompt" multiline />
          <Choice
            path={["options", "advancedOptions", "size"]}
            label="Size"
            options={["256x256", "512x512", "1024x1024"]}
            emptyLabel="Default"
          />
          <Variable path={["options", "saveUrlInVariableId"]} label="Save the image address in" />
        </>
      )}
      {task === "Create speech" && (
        <>
          <Text path={["options", "input"]} label="Text to say" multiline />
          <Choice
            path={["options", "voice"]}
            label="Voice"
            options={["alloy", "echo", "fable", "onyx", "nova", "shimmer"]}
            emptyLabel="Pick a voice"
          />
          <Variable path={["options", "saveUrlInVariableId"]} label="Save the audio address in" />
        </>
      )}
    </>
  );
}

function OpenAiMessages() {
  return (
    <ListEditor<{
      id: string;
      role?: string;
      content?: any;
      name?: string;
      dialogueVariableId?: string;
      startsBy?: string;
    }>
      path={["options", "messages"]}
      label="Messages"
      addLabel="Add a message"
      make={() => ({ role: "user" })}
      render={(entry, _index, setEntry) => (
        <>
          <label className="field">
            <span>Role</span>
            <select
              className="input"
              value={entry.role ?? "user"}
              onChange={(event) => setEntry({ role: event.target.value, content: undefined })}
            >
              {["system", "user", "assistant", "Messages sequence ✨", "Dialogue"].map((role) => (
                <option key={role}>{role}</option>
              ))}
            </select>
          </label>
          {["system", "user", "assistant", undefined].includes(entry.role) && (
            <TextField
              label="Content"
              multiline
              value={typeof entry.content === "string" ? entry.content : ""}
              onChange={(content) => setEntry({ content })}
            />
          )}
          {entry.role === "Messages sequence ✨" && (
            <>
              <VariableSelect
                label="User messages"
                value={entry.content?.userMessagesVariableId}
                onChange={(id) => setEntry({ content: { ...entry.content, userMessagesVariableId: id } })}
              />
              <VariableSelect
                label="Assistant messages"
                value={entry.content?.assistantMessagesVariableId}
                onChange={(id) => setEntry({ content: { ...entry.content, assistantMessagesVariableId: id } })}
              />
            </>
          )}
          {entry.role === "Dialogue" && <DialogueFields entry={entry} setEntry={setEntry} />}
        </>
      )}
    />
  );
}
