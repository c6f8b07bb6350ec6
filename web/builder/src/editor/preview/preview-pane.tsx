import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import { addTestConversation } from "../editor-api";
import { ConversationRecorder } from "../tests/conversation-recorder";
import { useEditor } from "../editor-context";
import type { Autosave } from "../store/autosave";
import { mountPreviewChat, type PreviewTurn } from "./preview-chat";

type Log = { status?: string; description: string };

/** Runs the current draft in the visitor's chat component (in a sandboxed frame), and marks on the canvas the block it is at. */
export function PreviewPane({ autosave: _autosave }: { autosave: Autosave }) {
  const { store, previewFrom } = useEditor();
  const run = useStore(store.ui, (ui) => ui.previewRun);
  const groups = useStore(
    store.doc,
    (doc) => doc.groups.map((group) => ({ id: group.id, title: group.title })),
    (a, b) =>
      a.length === b.length && a.every((group, index) => group.id === b[index].id && group.title === b[index].title),
  );
  const host = useRef<HTMLDivElement>(null);
  const [logs, setLogs] = useState<Log[]>([]);
  const recorder = useRef(new ConversationRecorder());
  const [saved, setSaved] = useState<string>();

  useEffect(() => {
    if (!host.current) return;
    setLogs([]);
    setSaved(undefined);
    recorder.current = new ConversationRecorder();
    const doc = store.doc.get();
    const meta = store.meta.get();
    let pendingInput: string | undefined;
    let lastMessage: string | undefined;
    const stop = mountPreviewChat(host.current, {
      botId: meta.botId,
      bot: { version: "6", id: meta.botId, name: meta.name, ...doc },
      startFrom: run.groupId ? { type: "group", groupId: run.groupId } : undefined,
      onTurn: (turn: PreviewTurn) => {
        recorder.current.turn(turn);
        pendingInput = turn.input?.id;
        lastMessage = turn.messages?.at(-1)?.id;
        if (turn.logs?.length) setLogs((current) => [...current, ...turn.logs!]);
        if (!lastMessage) store.setUi({ runningBlockId: pendingInput });
      },
      onReply: (text) => recorder.current.reply(text),
      onBubbleShown: (id) => store.setUi({ runningBlockId: id === lastMessage && pendingInput ? pendingInput : id }),
      onError: (message) => setLogs((current) => [...current, { status: "error", description: message }]),
    });
    return () => {
      stop();
      store.setUi({ runningBlockId: undefined });
    };
  }, [run, store]);

  // Tests start at the start: a run from a chosen group cannot be replayed as one.
  const saveAsTest = async () => {
    const name = `Recorded ${new Date().toISOString().slice(0, 16).replace("T", " ")}`;
    try {
      await addTestConversation(store.meta.get().botId, recorder.current.conversation(name));
      setSaved(`Saved as the test "${name}".`);
    } catch (failure) {
      setSaved(errorMessage(failure));
    }
  };

  const errors = logs.filter((log) => log.status === "error");

  return (
    <div className="preview-pane">
      <div className="preview-controls">
        <label className="field grow">
          <span>Start from</span>
          <select
            className="input"
            value={run.groupId ?? ""}
            onChange={(event) => previewFrom(event.target.value || undefined)}
          >
            <option value="">The start</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => previewFrom(run.groupId)}>
          Restart
        </button>
        <button
          type="button"
          className="button"
          disabled={Boolean(run.groupId)}
          title={run.groupId ? "Tests start at the start: restart from the start to record one" : undefined}
          onClick={() => void saveAsTest()}
        >
          Save as test
        </button>
      </div>
      {saved && (
        <p className="muted small" role="status" data-testid="save-as-test-status">
          {saved}
        </p>
      )}
      <div className="preview-host" ref={host} data-testid="preview-chat" />
      {errors.length > 0 && (
        // Only the author sees this: a visitor's chat goes on along the flow without the failed block.
        <div className="preview-errors" role="alert" data-testid="preview-errors">
          <strong>
            {errors.length === 1 ? "A block failed in this preview" : `${errors.length} blocks failed in this preview`}
          </strong>
          <ul>
            {errors.map((log, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end, so an entry keeps its index.
              <li key={index}>{log.description}</li>
            ))}
          </ul>
        </div>
      )}
      {logs.length > 0 && (
        <details className="preview-logs">
          <summary>Logs ({logs.length})</summary>
          <ul>
            {logs.map((log, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end, so an entry keeps its index.
              <li key={index} className={log.status}>
                {log.description}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
