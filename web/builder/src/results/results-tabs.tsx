import { Link } from "../lib/router";
import type { TimeFilter } from "../lib/types";

/** Results and Analytics of one bot: two pages with their own URLs, the chosen period carried across. */
export function ResultsTabs({
  botId,
  current,
  timeFilter,
}: {
  botId: string;
  current: "results" | "analytics";
  timeFilter: TimeFilter;
}) {
  const tabs = [
    { key: "results", label: "Results", to: `/bots/${botId}/results?timeFilter=${timeFilter}` },
    { key: "analytics", label: "Analytics", to: `/bots/${botId}/analytics?timeFilter=${timeFilter}` },
  ] as const;
  return (
    <nav className="results-tabs" aria-label="Results views">
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} className="results-tab" aria-current={tab.key === current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
