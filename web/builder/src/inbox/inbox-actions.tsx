import { useState } from "react";
import { api, errorMessage } from "../lib/api";
import type { Group, Variable } from "../lib/types";
import type { InboxChat } from "./inbox-api";

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
  const [reply, setReply] = useState("");
  const [note, setNote] = useState("");
  const [variableName, setVariableName] = useState("");
  const [variableValue, setVariableValue] = useState("");
  const [groupId, setGroupId] = useState(BLOCK_EXIT);
  const params = { workspaceId, handoffId: chat.id };

  const act = async (action: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await action();
      onError(undefined);
      after?.();
    } catch (failure) {
      onError(errorMessage(failure));
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
        <form
          className="inbox-form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(
              () => api.call("replyInboxChat", { params, body: { text: reply.trim() } }),
              () => setReply(""),
            );
          }}
        >
          <label>
            Reply to the visitor
            <textarea value={reply} onChange={(event) => setReply(event.target.value)} rows={2} />
          </label>
          <button type="submit" className="button primary" disabled={busy || !reply.trim()}>
            Send
          </button>
        </form>
      )}
      <form
        className="inbox-form"
        onSubmit={(event) => {
          event.preventDefault();
          void act(
            () => api.call("noteInboxChat", { params, body: { text: note.trim() } }),
            () => setNote(""),
          );
        }}
      >
        <label>
          Note for the team
          <input value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={busy || !note.trim()}>
          Add the note
        </button>
      </form>
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
