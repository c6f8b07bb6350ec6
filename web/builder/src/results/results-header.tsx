import type { ReactNode } from "react";
import { Link } from "../lib/router";
import type { TimeFilter } from "../lib/types";
import { TIME_FILTERS } from "./time-filters";

type View = "results" | "analytics";

const views: { key: View; label: string }[] = [
  { key: "results", label: "Results" },
  { key: "analytics", label: "Analytics" },
];

/**
 * The header of a bot's Results and Analytics pages: back to the editor, the two views as tabs with
 * their own URLs (the chosen period carried across), the period, and the page's own actions.
 */
export function ResultsHeader({
  botId,
  botName,
  current,
  timeFilter,
  onTimeFilterChange,
  children,
}: {
  botId: string;
  botName: string;
  current: View;
  timeFilter: TimeFilter;
  onTimeFilterChange(filter: TimeFilter): void;
  children?: ReactNode;
}) {
  return (
    <header className="results-header">
      <Link to={`/bots/${botId}/edit`} className="button subtle" aria-label="Back to the editor">
        ←
      </Link>
      <h1>
        {views.find((view) => view.key === current)?.label} <span className="muted">· {botName}</span>
      </h1>
      <nav className="results-tabs" aria-label="Results views">
        {views.map((view) => (
          <Link
            key={view.key}
            to={`/bots/${botId}/${view.key}?timeFilter=${timeFilter}`}
            className="results-tab"
            aria-current={view.key === current ? "page" : undefined}
          >
            {view.label}
          </Link>
        ))}
      </nav>
      <div className="toolbar-spacer" />
      <label className="field inline">
        <span>Period</span>
        <select
          className="input"
          value={timeFilter}
          onChange={(event) => onTimeFilterChange(event.target.value as TimeFilter)}
        >
          {TIME_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </label>
      {children}
    </header>
  );
}
