import { useEffect, useRef, useState } from "react";
import { TextField } from "../../ui/fields";
import { Text, useBlock } from "./block-fields";
import { getIn, setIn } from "./set-in";
import { AiSettings, isAiBlock } from "./ai/ai-settings";
import { pluginSettingsForms } from "./plugins/index";

/** Plug-in blocks: credentials, action, and the action's own fields as JSON (they vary by plug-in). */
export function ForgedSettings() {
  const { block } = useBlock();
  if (isAiBlock(block.type)) return <AiSettings />;
  const PluginForm = pluginSettingsForms[block.type as keyof typeof pluginSettingsForms];
  return PluginForm ? <PluginForm /> : <PluginJsonSettings />;
}

function PluginJsonSettings() {
  const { block, update } = useBlock();
  const options = (getIn(block, ["options"]) ?? {}) as Record<string, unknown>;
  const { credentialsId: _credentials, action: _action, ...rest } = options;
  return (
    <>
      <Text path={["options", "credentialsId"]} label="Credentials id" />
      <Text path={["options", "action"]} label="Action" />
      <JsonField
        label="Action options (JSON)"
        value={rest}
        onChange={(value) =>
          update(
            (current) =>
              setIn(current, ["options"], {
                ...(options.credentialsId ? { credentialsId: options.credentialsId } : {}),
                ...(options.action ? { action: options.action } : {}),
                ...value,
              }),
            `${block.id}:forged`,
          )
        }
      />
    </>
  );
}

function JsonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
}) {
  const serialized = JSON.stringify(value, null, 2);
  const [text, setText] = useState(serialized);
  const emitted = useRef(serialized);
  // Another edit (undo) replaced the options: show them, unless they are what this field just wrote.
  useEffect(() => {
    if (serialized !== emitted.current) {
      emitted.current = serialized;
      setText(serialized);
    }
  }, [serialized]);
  let invalid = false;
  try {
    const parsed = JSON.parse(text);
    invalid = !parsed || typeof parsed !== "object" || Array.isArray(parsed);
  } catch {
    invalid = true;
  }
  return (
    <TextField
      label={label}
      multiline
      code
      value={text}
      hint={invalid ? "Not a JSON object yet: nothing is saved until it is." : "Saved as you type."}
      onChange={(next) => {
        setText(next);
        try {
          const parsed = JSON.parse(next);
          if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
            emitted.current = JSON.stringify(parsed, null, 2);
            onChange(parsed);
          }
        } catch {
          // Still typing.
        }
      }}
    />
  );
}
