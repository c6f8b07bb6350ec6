import { memo, useMemo, useState } from "react";
import { blockCategories, categoryClass, searchBlocks, type BlockEntry } from "../block-catalogue";
import type { AddableEvent } from "../canvas/canvas-commands";
import { useEditor } from "../editor-context";

const EVENTS: { type: AddableEvent; label: string; hint: string }[] = [
  { type: "command", label: "Command", hint: "runs a flow when a command such as /restart is sent" },
  { type: "reply", label: "On reply", hint: "runs after every answer" },
  { type: "invalidReply", label: "On invalid reply", hint: "runs when an answer is not valid" },
];

/**
 * Every block type, searchable. Drag one onto a group or the canvas; or press Enter on it to add it
 * after the selected block (or in a new group when nothing is selected).
 */
export const BlocksSidebar = memo(function BlocksSidebar({
  onAdd,
  onAddEvent,
}: {
  onAdd(entry: BlockEntry): void;
  onAddEvent(type: AddableEvent): void;
}) {
  const { drag } = useEditor();
  const [query, setQuery] = useState("");
  const entries = useMemo(() => searchBlocks(query), [query]);

  return (
    <aside className="blocks-sidebar" aria-label="Blocks">
      <div className="sidebar-search">
        <label htmlFor="block-search" className="visually-hidden">
          Search blocks
        </label>
        <input
          id="block-search"
          type="search"
          className="input"
          placeholder="Search blocks…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="sidebar-scroll">
        {entries.length === 0 && <p className="muted small sidebar-empty">No block matches “{query}”.</p>}
        {blockCategories.map((category) => {
          const inCategory = entries.filter((entry) => entry.category === category);
          if (inCategory.length === 0) return null;
          return (
            <section key={category} aria-labelledby={`category-${category}`}>
              <h2 id={`category-${category}`} className="sidebar-heading">
                {category}
              </h2>
              <ul className="block-palette">
                {inCategory.map((entry) => (
                  <li key={entry.type}>
                    <button
                      type="button"
                      className={`palette-item ${categoryClass[entry.category]}`}
                      data-block-type={entry.type}
                      data-needs={entry.needs}
                      title={
                        entry.needs
                          ? `${entry.label} cannot run on this server yet: it ${entry.needs}`
                          : `Drag onto the canvas, or press Enter to add ${entry.label}`
                      }
                      aria-label={`${entry.label} (${category.replace(/s$/, "").toLowerCase()}${entry.needs ? `, ${entry.needs}` : ""})`}
                      onPointerDown={(event) =>
                        drag.begin(event, { kind: "new", blockType: entry.type, label: entry.label })
                      }
                      onClick={() => {
                        if (!drag.justDragged()) onAdd(entry);
                      }}
                    >
                      <span className="block-badge" aria-hidden="true">
                        {entry.icon}
                      </span>
                      <span>
                        {entry.label}
                        {entry.needs && <small className="palette-needs">{entry.needs}</small>}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {!query && (
          <section aria-labelledby="category-events">
            <h2 id="category-events" className="sidebar-heading">
              Events
            </h2>
            <ul className="block-palette">
              {EVENTS.map((event) => (
                <li key={event.type}>
                  <button
                    type="button"
                    className="palette-item category-event"
                    data-event-type={event.type}
                    title={`Add an event that ${event.hint}`}
                    aria-label={`${event.label} (event: ${event.hint})`}
                    onClick={() => onAddEvent(event.type)}
                  >
                    <span className="block-badge" aria-hidden="true">
                      ⚡
                    </span>
                    <span>{event.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </aside>
  );
});
