import "../styles/results.css";
import "../styles/analytics.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { getBot } from "../bots/bots-api";
import { errorMessage } from "../lib/api";
import { useDocumentTitle } from "../lib/document-title";
import { Link, navigate } from "../lib/router";
import type { Bot, RanOn, Result, ResultsTablePreferences, TimeFilter } from "../lib/types";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState, ErrorBanner, Spinner } from "../ui/feedback";
import { ColumnsMenu } from "./columns-menu";
import { archiveResults, exportUrl, getResult, listResults, savePreferences } from "./results-api";
import { orderedColumns, resultColumns } from "./results-columns";
import { ResultsTable } from "./results-table";
import { ResultsHeader } from "./results-header";
import { asTimeFilter } from "./time-filters";
import { TranscriptDialog } from "./transcript-dialog";
import { VersionFilter } from "./version-filter";

type Page = {
  results: Result[];
  /** What each loaded result's chat ran on, by result id. */
  ranOn: Record<string, RanOn>;
  nextCursor?: string;
  loading: boolean;
  error?: string;
};

export function ResultsPage({ botId, resultId }: { botId: string; resultId?: string }) {
  const [bot, setBot] = useState<Bot>();
  const [error, setError] = useState<string>();
  // Opened from the analytics tab: the period chosen there.
  const [timeFilter, setTimeFilter] = useState<TimeFilter>(
    () => asTimeFilter(new URLSearchParams(location.search).get("timeFilter")) ?? "last7Days",
  );
  // "": every visitor's chats; a version's id; or "staging" (the staging link's chats).
  const [scope, setScope] = useState("");
  const [page, setPage] = useState<Page>({ results: [], ranOn: {}, loading: true });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Result>();
  const [openError, setOpenError] = useState<string>();
  const [archiving, setArchiving] = useState(false);
  const [preferences, setPreferences] = useState<ResultsTablePreferences | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const generation = useRef(0);

  useEffect(() => {
    getBot(botId)
      .then(({ bot: loaded }) => {
        setBot(loaded);
        setPreferences(loaded.resultsTablePreferences);
      })
      .catch((failure) => setError(errorMessage(failure)));
  }, [botId]);

  const loadFirst = useCallback(() => {
    const current = ++generation.current;
    setPage({ results: [], ranOn: {}, loading: true });
    setSelected(new Set());
    listResults(botId, timeFilter, scope)
      .then(
        (answer) =>
          current === generation.current &&
          setPage({
            results: answer.results,
            ranOn: answer.ranOn ?? {},
            nextCursor: answer.nextCursor,
            loading: false,
          }),
      )
      .catch(
        (failure) =>
          current === generation.current &&
          setPage({ results: [], ranOn: {}, loading: false, error: errorMessage(failure) }),
      );
  }, [botId, timeFilter, scope]);
  useEffect(loadFirst, [loadFirst]);

  const loadMore = useCallback(() => {
    if (page.loading || !page.nextCursor) return;
    const current = generation.current;
    setPage((value) => ({ ...value, loading: true }));
    listResults(botId, timeFilter, scope, page.nextCursor)
      .then(
        (answer) =>
          current === generation.current &&
          setPage((value) => ({
            results: [...value.results, ...answer.results],
            ranOn: { ...value.ranOn, ...answer.ranOn },
            nextCursor: answer.nextCursor,
            loading: false,
          })),
      )
      .catch(
        (failure) =>
          current === generation.current &&
          setPage((value) => ({ ...value, loading: false, error: errorMessage(failure) })),
      );
  }, [botId, timeFilter, scope, page.loading, page.nextCursor]);

  // The open result follows the address: from the loaded rows, else read on its own (a link, a reload).
  useEffect(() => {
    setOpenError(undefined);
    if (!resultId) return setOpen(undefined);
    const loaded = page.results.find((result) => result.id === resultId);
    if (loaded) return setOpen(loaded);
    let current = true;
    getResult(botId, resultId).then(
      (result) => current && setOpen(result),
      (failure) => current && setOpenError(`This result could not be opened: ${errorMessage(failure)}`),
    );
    return () => {
      current = false;
    };
  }, [botId, resultId, page.results]);
  const openResult = useCallback(
    (result: Result) => navigate(`/bots/${botId}/results/${encodeURIComponent(result.id)}`),
    [botId],
  );
  useDocumentTitle(bot ? `Results · ${bot.name}` : "Results");

  const columns = useMemo(() => (bot ? resultColumns(bot) : []), [bot]);
  const { all, visible } = useMemo(() => orderedColumns(columns, preferences), [columns, preferences]);

  const changePreferences = (next: ResultsTablePreferences) => {
    setPreferences(next);
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(
      () =>
        void savePreferences(botId, next).catch((failure) =>
          setError(`The column layout was not saved: ${errorMessage(failure)}`),
        ),
      400,
    );
  };

  if (error && !bot)
    return (
      <main className="page">
        <ErrorBanner error={error} />
        <Link to="/bots">Back to the bots</Link>
      </main>
    );
  if (!bot) return <Spinner label="Opening the results…" />;

  return (
    <div className="results-page">
      <ResultsHeader
        botId={botId}
        botName={bot.name}
        current="results"
        timeFilter={timeFilter}
        onTimeFilterChange={setTimeFilter}
      >
        <VersionFilter botId={botId} versionId={scope} onChange={setScope} />
        <ColumnsMenu all={all} preferences={preferences} onChange={changePreferences} />
        <button
          type="button"
          className="button danger"
          disabled={selected.size === 0}
          onClick={() => setArchiving(true)}
        >
          Archive{selected.size > 0 ? ` (${selected.size})` : ""}
        </button>
        <a className="button primary" href={exportUrl(botId, timeFilter)} download>
          Export CSV
        </a>
      </ResultsHeader>
      <ErrorBanner error={error} />
      <ErrorBanner error={openError} />
      <ErrorBanner error={page.error} onRetry={loadFirst} />
      {!page.loading && !page.error && page.results.length === 0 ? (
        <EmptyState title="No results in this period">
          Results appear here once visitors answer on the public page. Try a longer period, or publish and share the
          bot.
        </EmptyState>
      ) : (
        <ResultsTable
          columns={visible}
          results={page.results}
          ranOn={page.ranOn}
          loading={page.loading}
          hasMore={page.nextCursor !== undefined}
          onLoadMore={loadMore}
          selected={selected}
          onSelect={setSelected}
          onOpen={openResult}
          widths={preferences?.columnsWidth ?? {}}
        />
      )}
      <TranscriptDialog
        botId={botId}
        result={resultId ? open : undefined}
        columns={all}
        onClose={() => navigate(`/bots/${botId}/results`)}
      />
      <ConfirmDialog
        open={archiving}
        title={`Archive ${selected.size} result${selected.size > 1 ? "s" : ""}?`}
        message="Archived results leave this table and the exports."
        confirmLabel="Archive"
        danger
        onCancel={() => setArchiving(false)}
        onConfirm={() => {
          setArchiving(false);
          archiveResults(botId, [...selected])
            .then(loadFirst)
            .catch((failure) => setError(errorMessage(failure)));
        }}
      />
    </div>
  );
}
