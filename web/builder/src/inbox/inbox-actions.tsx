import { useId, useState } from "react";
import { api, errorMessage } from "../lib/api";
import type { Group, Variable } from "../lib/types";
import { type InboxChat, uploadInboxFile } from "./inbox-api";

type Props = {
  workspaceId: string;
  chat: InboxChat;
  /** The signed-in operator has the chat. */
  mine: boolean;
  bot: { groups: Group[]; variables: Variable[] } | undefined;
  onError(message: string | undefined): void;
};

/** The block's own handed-back exit, in the hand-back choice. */
const BLOCK_EXIT = "";

/**
 * What an operator does with an open chat: take it; once theirs, reply, set a variable and hand it
 * back (to the block's exit or a group); a note and closing at any time. The list and the transcript
 * change through the events stream, not from these answers.
 */
export function InboxActions({ workspaceId, chat, mine, bot, onError }: Props) {
  const [busy, setBusy] = useState(false);
  const [variableName, setVariableName] = useState("");
  const [variableValue, setVariableValue] = useState("");
  const [groupId, setGroupId] = useState(BLOCK_EXIT);
  const params = { workspaceId, handoffId: chat.id };

  /** Runs one action at a time; whether it succeeded (its error is shown otherwise). */
  const act = async (action: () => Promise<unknown>, after?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      onError(undefined);
      after?.();
      return true;
    } catch (failure) {
      onError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="inbox-actions">
      {chat.status === "waiting" && (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => act(() => api.call("takeInboxChat", { params }))}
        >
          Take this chat
        </button>
      )}
      {mine && (
        <TextForm
          label="Reply to the visitor"
          submit="Send"
          primary
          multiline
          attach
          busy={busy}
          onSend={(text, file) =>
            act(async () => {
              // The file is stored first; the reply then carries its URL (and the text, if any).
              const fileUrl = file ? await uploadInboxFile(workspaceId, chat.id, file) : undefined;
              await api.call("replyInboxChat", {
                params,
                body: { ...(text ? { text } : {}), ...(fileUrl ? { fileUrl } : {}) },
              });
            })
          }
        />
      )}
      <TextForm
        label="Note for the team"
        submit="Add the note"
        busy={busy}
        onSend={(text) => act(() => api.call("noteInboxChat", { params, body: { text } }))}
      />
      {mine && (
        <form
          className="inbox-form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () =>
                api.call("setInboxChatVariables", {
                  params,
                  body: { variables: { [variableName]: variableValue } },
                }),
              () => setVariableValue(""),
            );
          }}
        >
          <label>
            Variable
            <select value={variableName} onChange={(event) => setVariableName(event.target.value)}>
              <option value="">Choose a variable</option>
              {bot?.variables.map((variable) => (
                <option key={variable.id} value={variable.name}>
                  {variable.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Value
            <input value={variableValue} onChange={(event) => setVariableValue(event.target.value)} />
          </label>
          <button type="submit" className="button" disabled={busy || !variableName}>
            Set the variable
          </button>
        </form>
      )}
      <div className="inbox-form">
        {mine && (
          <>
            <label>
              Hand back to
              <select value={groupId} onChange={(event) => setGroupId(event.target.value)}>
                <option value={BLOCK_EXIT}>The block's handed-back exit</option>
                {bot?.groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.title || group.id}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() =>
                act(() => api.call("handBackInboxChat", { params, body: groupId === BLOCK_EXIT ? {} : { groupId } }))
              }
            >
              Hand back to the bot
            </button>
          </>
        )}
        {(mine || chat.status === "waiting") && (
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() => act(() => api.call("closeInboxChat", { params }))}
          >
            Close the chat
          </button>
        )}
      </div>
    </div>
  );
}

/** A message form (a reply, a note): a text, and with `attach` a file; emptied once sent. */
function TextForm(props: {
  label: string;
  submit: string;
  primary?: boolean;
  multiline?: boolean;
  attach?: boolean;
  busy: boolean;
  onSend(text: string, file: File | undefined): Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File>();
  // A file input cannot be emptied by its value: a new one replaces it once the message is sent.
  const [fileInputKey, setFileInputKey] = useState(0);
  const id = useId();
  const onChange = (event: { target: { value: string } }) => setText(event.target.value);
  return (
    <form
      className="inbox-form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSend(text.trim(), file).then((sent) => {
          if (!sent) return;
          setText("");
          setFile(undefined);
          setFileInputKey((key) => key + 1);
        });
      }}
    >
      <label htmlFor={id}>
        {props.label}
        {props.multiline ? (
          <textarea id={id} value={text} onChange={onChange} rows={2} />
        ) : (
          <input id={id} value={text} onChange={onChange} />
        )}
      </label>
      {props.attach && (
        <label>
          Attach a file
          <input key={fileInputKey} type="file" onChange={(event) => setFile(event.target.files?.[0])} />
        </label>
      )}
      <button
        type="submit"
        className={props.primary ? "button primary" : "button"}
        disabled={props.busy || (!text.trim() && !file)}
      >
        {props.submit}
      </button>
    </form>
  );
}
