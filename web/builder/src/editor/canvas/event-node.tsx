import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";
import { sourceHandleId } from "../store/edge-source";

const LABELS: Record<string, string> = {
  start: "Start",
  command: "Command",
  reply: "On reply",
  invalidReply: "On invalid reply",
};

/** A flow event: the start, or a command / reply event, with its single exit. */
export const EventNode = memo(function EventNode({ id }: NodeProps) {
  const { store } = useEditor();
  const event = useStore(store.doc, (doc) => doc.events.find((entry) => entry.id === id));
  const selected = useStore(store.ui, (ui) => ui.selectedEventId === id);
  if (!event) return null;
  const command = event.type === "command" ? event.options?.command : undefined;
  const label = LABELS[event.type] ?? event.type;
  if (event.type !== "start")
    return (
      <div
        className={`event-node event-${event.type}${selected ? " selected" : ""}`}
        data-testid={`event-${event.type}`}
      >
        <button
          type="button"
          className="event-open"
          aria-label={`${label} event settings`}
          aria-pressed={selected}
          onClick={() => store.selectEvent(id)}
        >
          <span className="event-icon" aria-hidden="true">
            ⚡
          </span>
          <span>{label}</span>
          {event.type === "command" && <code>{command ? `/${command}` : "/…"}</code>}
        </button>
        <Handle
          type="source"
          position={Position.Right}
          id={sourceHandleId({ eventId: id })}
          className="source-handle"
          aria-label={`Exit of ${label}`}
        />
      </div>
    );
  return (
    <div className={`event-node event-${event.type}`} data-testid={`event-${event.type}`}>
      <span className="event-icon" aria-hidden="true">
        {event.type === "start" ? "⚑" : "⚡"}
      </span>
      <span>{LABELS[event.type] ?? event.type}</span>
      {command && <code>/{command}</code>}
      <Handle
        type="source"
        position={Position.Right}
        id={sourceHandleId({ eventId: id })}
        className="source-handle"
        aria-label={`Exit of ${LABELS[event.type] ?? "event"}`}
      />
    </div>
  );
});
