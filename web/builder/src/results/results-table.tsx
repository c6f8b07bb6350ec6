import { memo, useEffect, useRef } from "react";
import { formatDateTime } from "../lib/format";
import type { RanOn, Result } from "../lib/types";
import { Spinner } from "../ui/feedback";
import { cellText, type Column } from "./results-columns";

type Props = {
  columns: Column[];
  results: Result[];
  /** What each result's chat ran on, by result id (the Version column). */
  ranOn: Record<string, RanOn>;
  loading: boolean;
  hasMore: boolean;
  onLoadMore(): void;
  selected: ReadonlySet<string>;
  onSelect(next: ReadonlySet<string>): void;
  onOpen(result: Result): void;
  widths: Record<string, number>;
};

/** The results, newest first; the next page loads when the last rows scroll into view. */
export const ResultsTable = memo(function ResultsTable({
  columns,
  results,
  ranOn,
  loading,
  hasMore,
  onLoadMore,
  selected,
  onSelect,
  onOpen,
  widths,
}: Props) {
  const sentinel = useRef<HTMLTableRowElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `results.length` is the trigger: a sentinel still in view after a page loads asks again.
  useEffect(() => {
    const row = sentinel.current;
    if (!row || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onLoadMore(),
      { root: scroller.current, rootMargin: "200px" },
    );
    observer.observe(row);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore, results.length]);

  const allSelected = results.length > 0 && results.every((result) => selected.has(result.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    next.has(id) ? next.delete(id) : next.add(id);
    onSelect(next);
  };

  return (
    <div className="results-scroll" ref={scroller}>
      <table className="results-table" aria-label="Results" aria-rowcount={hasMore ? -1 : results.length + 1}>
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label="Select all loaded results"
                checked={allSelected}
                onChange={() => onSelect(allSelected ? new Set() : new Set(results.map((result) => result.id)))}
              />
            </th>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                style={widths[column.id] ? { width: widths[column.id] } : undefined}
                className={`column-${column.kind}`}
              >
                {column.label}
              </th>
            ))}
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty header cell that only pads the row; it takes no focus. */}
            <th className="filler" aria-hidden="true" />
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr
              key={result.id}
              className={selected.has(result.id) ? "selected" : undefined}
              onClick={() => onOpen(result)}
              data-testid="result-row"
            >
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: only keeps a click on the checkbox from opening the row; the checkbox handles keys. */}
              <td className="select-cell" onClick={(event) => event.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={`Select the result of ${formatDateTime(result.createdAt)}`}
                  checked={selected.has(result.id)}
                  onChange={() => toggle(result.id)}
                />
              </td>
              {columns.map((column, index) => (
                <td key={column.id} className={`column-${column.kind}`}>
                  {index === 0 ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={(event) => {
                        event.stopPropagation();
                        return onOpen(result);
                      }}
                    >
                      {column.kind === "date"
                        ? formatDateTime(result.createdAt)
                        : cellText(result, column, ranOn[result.id]) || "—"}
                    </button>
                  ) : column.kind === "date" ? (
                    formatDateTime(result.createdAt)
                  ) : (
                    cellText(result, column, ranOn[result.id])
                  )}
                  {index === 0 && result.handOff && (
                    <span className="handoff-badge" title={handOffTitle(result.handOff)}>
                      Handed off
                    </span>
                  )}
                </td>
              ))}
              <td className="filler" />
            </tr>
          ))}
          {hasMore && (
            <tr ref={sentinel} className="sentinel">
              <td colSpan={columns.length + 2}>
                {loading ? (
                  <Spinner label="Loading more results…" />
                ) : (
                  <button type="button" className="link-button" onClick={onLoadMore}>
                    Load more
                  </button>
                )}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loading && results.length === 0 && <Spinner label="Loading the results…" />}
    </div>
  );
});

/** What became of the chat's hand-off to a person, as the badge's tooltip says. */
function handOffTitle(handOff: NonNullable<Result["handOff"]>): string {
  const by = handOff.operatorName ? ` by ${handOff.operatorName}` : "";
  const how: Record<typeof handOff.status, string> = {
    waiting: "Waiting for a person",
    taken: `With a person${by}`,
    handed_back: `Handed back to the bot${by}`,
    closed: `Closed${by}`,
    timed_out: "Nobody took it in time",
  };
  return how[handOff.status];
}
