import { useStore } from "../../lib/store";
import type { BotDocument } from "../../lib/types";
import { Switch, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { removeEvent } from "../canvas/canvas-commands";
import { VariableSelect } from "./block-fields";

type EventOptions = Record<string, unknown>;

/** What a command, reply or invalid-reply event does, and the variables a reply event fills. */
export function EventSettings() {
  const { store } = useEditor();
  const eventId = useStore(store.ui, (ui) => ui.selectedEventId);
  const event = useStore(store.doc, (doc) => doc.events.find((entry) => entry.id === eventId));
  if (!event || event.type === "start") return <p className="muted">Select an event on the canvas.</p>;
  const options = (event.options ?? {}) as EventOptions;
  const set = (key: string, value: unknown) =>
    store.update(
      (doc) => ({
        ...doc,
        events: doc.events.map((entry) =>
          entry.id === event.id
            ? { ...entry, options: { ...(entry as { options?: EventOptions }).options, [key]: value } }
            : entry,
        ) as BotDocument["events"],
      }),
      `event:${event.id}:${key}`,
    );
  const remove = () => {
    store.update((doc) => removeEvent(doc, event.id));
    store.selectEvent(undefined);
  };

  return (
    <div className="event-settings">
      {event.type === "command" && (
        <>
          <TextField
            label="Command"
            hint="What a visitor or a channel sends to run this flow, without the slash (for example: restart)."
            placeholder="restart"
            value={typeof options.command === "string" ? options.command : ""}
            onChange={(value) => set("command", value.replace(/^\//, "").trim() || undefined)}
          />
          <Switch
            label="Resume after"
            hint="When the command's flow ends, the chat comes back to the question it interrupted."
            checked={options.resumeAfter === true}
            onChange={(checked) => set("resumeAfter", checked || undefined)}
          />
        </>
      )}
      {(event.type === "reply" || event.type === "invalidReply") && (
        <>
          <p className="muted small">
            {event.type === "reply"
              ? "Runs after every answer to an input; a Return block goes on where the answer led."
              : "Runs instead of the retry message when an answer is not valid; a Return block asks again."}
          </p>
          <VariableSelect
            label="Save the answer in"
            value={options.contentVariableId as string | undefined}
            onChange={(value) => set("contentVariableId", value)}
          />
          <VariableSelect
            label="Save the input's group title in"
            value={options.inputNameVariableId as string | undefined}
            onChange={(value) => set("inputNameVariableId", value)}
          />
          <VariableSelect
            label="Save the input's type in"
            value={options.inputTypeVariableId as string | undefined}
            onChange={(value) => set("inputTypeVariableId", value)}
          />
        </>
      )}
      <button type="button" className="button danger small" onClick={remove}>
        Delete this event
      </button>
    </div>
  );
}
