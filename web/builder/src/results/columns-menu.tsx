import { useEffect, useRef, useState } from "react";
import type { ResultsTablePreferences } from "../lib/types";
import { moveColumn, type Column } from "./results-columns";

/** Show, hide and reorder the table's columns; saved with the bot. */
export function ColumnsMenu({
  all,
  preferences,
  onChange,
}: {
  all: Column[];
  preferences: ResultsTablePreferences | null;
  onChange(next: ResultsTablePreferences): void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);
  const base: ResultsTablePreferences = {
    columnsOrder: all.map((column) => column.id),
    columnsVisibility: preferences?.columnsVisibility ?? {},
    columnsWidth: preferences?.columnsWidth ?? {},
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from any control inside it.
    <div className="menu" ref={root} onKeyDown={(event) => event.key === "Escape" && setOpen(false)}>
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns
      </button>
      {open && (
        <div className="menu-list columns-list" role="dialog" aria-label="Columns">
          <ul>
            {all.map((column, index) => (
              <li key={column.id} className="column-entry">
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={base.columnsVisibility[column.id] !== false}
                    onChange={(event) =>
                      onChange({
                        ...base,
                        columnsVisibility: { ...base.columnsVisibility, [column.id]: event.target.checked },
                      })
                    }
                  />
                  {column.label}
                </label>
                <span className="column-moves">
                  <button
                    type="button"
                    className="icon-button small"
                    aria-label={`Move ${column.label} left`}
                    disabled={index === 0}
                    onClick={() => onChange({ ...base, columnsOrder: moveColumn(base.columnsOrder, column.id, -1) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button small"
                    aria-label={`Move ${column.label} right`}
                    disabled={index === all.length - 1}
                    onClick={() => onChange({ ...base, columnsOrder: moveColumn(base.columnsOrder, column.id, 1) })}
                  >
                    ↓
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
