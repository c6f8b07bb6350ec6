import "../styles/results.css";
import "../styles/analytics.css";
import { useEffect, useMemo, useState } from "react";
import { getBot } from "../bots/bots-api";
import { blockTitle } from "../editor/block-catalogue";
import { errorMessage } from "../lib/api";
import { Link, navigate, useLocation } from "../lib/router";
import type { Analytics, Bot, TimeFilter } from "../lib/types";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { getAnalytics, STAGING_SCOPE, timeZone } from "./results-api";
import { ResultsHeader } from "./results-header";
import { asTimeFilter, timeFilterLabel } from "./time-filters";
import { VersionFilter } from "./version-filter";

/** The period of the results table when the URL names none. */
const DEFAULT_TIME_FILTER: TimeFilter = "last7Days";

type Loaded = { timeFilter: TimeFilter; versionId: string; analytics: Analytics };

/** "25%", "33.3%"; a dash when there is nothing to divide by. */
const percent = (part: number, whole: number): string =>
  whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "–";

type DropOffRow = { blockId: string; total: number; idle: number; title: string; where: string };

/**
 * Drop-offs most first, then idle timeouts; equal counts in the order a visitor meets the blocks. A
 * block deleted since is still listed (its results are real), under its id.
 */
function dropOffRows(bot: Bot, analytics: Analytics): DropOffRow[] {
  const places = new Map<string, { position: number; title: string; where: string }>();
  bot.groups.forEach((group, groupIndex) => {
    group.blocks.forEach((block, blockIndex) => {
      places.set(block.id, {
        position: groupIndex * 10_000 + blockIndex,
        title: blockTitle(block.type),
        where: group.title || `Group #${groupIndex + 1}`,
      });
    });
  });
  const counts = new Map<string, { total: number; idle: number }>();
  const countOf = (blockId: string) => counts.get(blockId) ?? counts.set(blockId, { total: 0, idle: 0 }).get(blockId)!;
  for (const entry of analytics.dropOffs) countOf(entry.blockId).total += entry.total;
  for (const entry of analytics.idleTimeouts) countOf(entry.blockId).idle += entry.total;
  return [...counts]
    .map(([blockId, count]) => {
      const place = places.get(blockId);
      return {
        blockId,
        ...count,
        position: place?.position ?? Number.MAX_SAFE_INTEGER,
        title: place?.title ?? "A deleted block",
        where: place?.where ?? blockId,
      };
    })
    .sort((a, b) => b.total - a.total || b.idle - a.idle || a.position - b.position)
    .map(({ position: _position, ...row }) => row);
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="analytics-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {hint && <p className="muted">{hint}</p>}
    </div>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  const { views, starts, completions } = analytics;
  return (
    <dl className="analytics-figures">
      <Figure label="Views" value={String(views)} hint="Chats opened" />
      <Figure label="Starts" value={String(starts)} hint={`${percent(starts, views)} of views answered`} />
      <Figure label="Completions" value={String(completions)} hint="Reached the end" />
      <Figure label="Completion rate" value={percent(completions, starts)} hint="Completions per start" />
    </dl>
  );
}

const secondsText = (value: number | null) => (value === null ? "—" : `${value} s`);

/** Chats handed off to a person: shown once there was one in the period. */
function HandOffFigures({ handOffs }: { handOffs: Analytics["handOffs"] }) {
  return (
    <dl className="analytics-figures">
      <Figure label="Hand-offs" value={String(handOffs.total)} hint={`${handOffs.taken} taken by a person`} />
      <Figure
        label="Wait to take"
        value={secondsText(handOffs.waitToTakeSeconds.median)}
        hint={`Median; average ${secondsText(handOffs.waitToTakeSeconds.average)}`}
      />
      <Figure
        label="First reply"
        value={secondsText(handOffs.firstReplySeconds.median)}
        hint={`Median from the hand-off; average ${secondsText(handOffs.firstReplySeconds.average)}`}
      />
    </dl>
  );
}

function DropOffList({ rows, starts }: { rows: DropOffRow[]; starts: number }) {
  if (rows.length === 0) return <p className="muted">Nobody who started left the bot midway in this period.</p>;
  const most = Math.max(1, rows[0]!.total);
  return (
    <ol className="drop-off-list" aria-label="Drop-offs per block">
      {rows.map((row) => (
        <li key={row.blockId} className="drop-off-row">
          <span className="drop-off-block">
            <strong>{row.title}</strong>
            <span className="muted"> · {row.where}</span>
          </span>
          <span className="drop-off-bar" aria-hidden="true">
            <span style={{ width: `${(row.total / most) * 100}%` }} />
          </span>
          <span className="drop-off-total">
            {row.total} dropped off ({percent(row.total, starts)} of starts)
            {row.idle > 0 && ` · ${row.idle} idle timeout${row.idle === 1 ? "" : "s"}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Views, starts, completions and where visitors left, for one period of the bot's results. The period
 * is in the URL, so a reload or a shared link shows the same figures.
 */
export function AnalyticsPage({ botId }: { botId: string }) {
  const { search } = useLocation();
  const timeFilter = asTimeFilter(search.get("timeFilter")) ?? DEFAULT_TIME_FILTER;
  // "": every visitor's chats; a version's id: only those that ran on it; "staging": the staging link's.
  const versionId = search.get("staging") === "true" ? STAGING_SCOPE : (search.get("versionId") ?? "");
  const show = (filter: TimeFilter, scope: string) =>
    navigate(
      `/bots/${botId}/analytics?timeFilter=${filter}${
        scope === STAGING_SCOPE ? "&staging=true" : scope ? `&versionId=${encodeURIComponent(scope)}` : ""
      }`,
      { replace: true },
    );
  const [bot, setBot] = useState<Bot>();
  const [botError, setBotError] = useState<string>();
  const [loaded, setLoaded] = useState<Loaded>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    getBot(botId)
      .then(({ bot: found }) => setBot(found))
      .catch((failure) => setBotError(errorMessage(failure)));
  }, [botId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let current = true;
    setError(undefined);
    getAnalytics(botId, timeFilter, versionId)
      .then((analytics) => current && setLoaded({ timeFilter, versionId, analytics }))
      .catch((failure) => current && setError(errorMessage(failure)));
    return () => {
      current = false;
    };
  }, [botId, timeFilter, versionId, attempt]);

  const shown = loaded?.timeFilter === timeFilter && loaded.versionId === versionId ? loaded.analytics : undefined;
  const rows = useMemo(() => (bot && shown ? dropOffRows(bot, shown) : []), [bot, shown]);

  if (botError && !bot)
    return (
      <main className="page">
        <ErrorBanner error={botError} />
        <Link to="/bots">Back to the bots</Link>
      </main>
    );
  if (!bot) return <Spinner label="Opening the analytics…" />;

  return (
    <div className="results-page">
      <ResultsHeader
        botId={botId}
        botName={bot.name}
        current="analytics"
        timeFilter={timeFilter}
        onTimeFilterChange={(filter) => show(filter, versionId)}
      >
        <VersionFilter botId={botId} versionId={versionId} onChange={(version) => show(timeFilter, version)} />
      </ResultsHeader>
      <ErrorBanner error={error} onRetry={() => setAttempt((value) => value + 1)} />
      <main className="analytics-body" aria-busy={shown === undefined}>
        {shown ? (
          <>
            <section className="card" aria-labelledby="analytics-period">
              <div className="card-header">
                <h2 id="analytics-period">{timeFilterLabel(timeFilter)}</h2>
                <span className="muted">Days counted in {timeZone()}</span>
              </div>
              <Figures analytics={shown} />
            </section>
            {shown.handOffs.total > 0 && (
              <section className="card" aria-labelledby="analytics-hand-offs">
                <div className="card-header">
                  <h2 id="analytics-hand-offs">Hand-offs to a person</h2>
                </div>
                <HandOffFigures handOffs={shown.handOffs} />
              </section>
            )}
            <section className="card" aria-labelledby="analytics-drop-offs">
              <div className="card-header">
                <h2 id="analytics-drop-offs">Drop-offs</h2>
                <Link className="button" to={`/bots/${botId}/edit?dropOffs=${timeFilter}`}>
                  Show on canvas
                </Link>
              </div>
              <p className="muted">
                Where visitors who started stopped answering: the input each unfinished result was left waiting on, and
                how often an input's idle timeout ran out.
              </p>
              <DropOffList rows={rows} starts={shown.starts} />
            </section>
          </>
        ) : (
          !error && <Spinner label="Counting…" />
        )}
      </main>
    </div>
  );
}
