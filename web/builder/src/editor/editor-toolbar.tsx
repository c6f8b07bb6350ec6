import { memo, useEffect, useState } from "react";
import { errorMessage } from "../lib/api";
import { formatSavedAt } from "../lib/format";
import { Link, navigate } from "../lib/router";
import { useStore } from "../lib/store";
import type { TimeFilter } from "../lib/types";
import { asTimeFilter, timeFilterLabel } from "../results/time-filters";
import { useEditor } from "./editor-context";
import { checkBot, loadAnalytics, publishState } from "./editor-api";
import { PublishButton } from "./publish/publish-button";
import type { Autosave } from "./store/autosave";
import type { Panel } from "./store/editor-store";

function SaveStatus({ autosave }: { autosave: Autosave }) {
  const state = useStore(autosave.state, (value) => value);
  const text =
    state.status === "saved"
      ? `Saved ${formatSavedAt(state.at)}`
      : state.status === "error"
        ? `Not saved: ${state.message}. Retrying…`
        : state.status === "conflict"
          ? "Not saved: conflict"
          : "Saving…";
  return (
    <span className={`save-status ${state.status}`} role="status" data-testid="save-status" data-status={state.status}>
      {text}
    </span>
  );
}

const PANELS: { panel: Panel; label: string }[] = [
  { panel: "variables", label: "Variables" },
  { panel: "theme", label: "Theme" },
  { panel: "settings", label: "Settings" },
  { panel: "versions", label: "Versions" },
];

export const EditorToolbar = memo(function EditorToolbar({ autosave }: { autosave: Autosave }) {
  const { store, previewFrom } = useEditor();
  const meta = useStore(store.meta, (value) => value);
  const history = useStore(store.historyState, (value) => value);
  const panel = useStore(store.ui, (ui) => ui.panel);
  const showingDropOffs = useStore(store.ui, (ui) => ui.dropOffs !== undefined);
  const [busy, setBusy] = useState<string>();
  const [dropOffPeriod, setDropOffPeriod] = useState<TimeFilter>("allTime");
  const [error, setError] = useState<string>();

  useEffect(() => {
    // Two saves in a row (a group added, then deleted) ask twice; the answers may come back in either
    // order, and only the newest question's may count: the older one describes the draft in between.
    let asked = 0;
    const refresh = () => {
      const question = ++asked;
      void publishState(meta.botId).then(
        ({ isPublished, hasUnpublishedChanges }) => {
          if (question === asked) store.meta.set((value) => ({ ...value, isPublished, hasUnpublishedChanges }));
        },
        () => undefined,
      );
    };
    refresh();
    // An edit shows "Publish changes" at once; once saved, the server says whether it still differs.
    let lastStatus = autosave.state.get().status;
    const off = autosave.state.subscribe(() => {
      const { status } = autosave.state.get();
      if (status === "pending" && store.meta.get().isPublished && !store.meta.get().hasUnpublishedChanges)
        store.meta.set((value) => ({ ...value, hasUnpublishedChanges: true }));
      if (status === "saved" && lastStatus !== "saved") refresh();
      lastStatus = status;
    });
    return off;
  }, [meta.botId, store, autosave]);

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const check = () =>
    run("check", async () => {
      await autosave.save();
      const findings = await checkBot(meta.botId);
      store.setUi({ findings, panel: "findings" });
    });

  const toggleDropOffs = (timeFilter: TimeFilter = "allTime") =>
    run("drop-offs", async () => {
      if (store.ui.get().dropOffs) {
        // Hidden: a reload no longer shows the period the analytics view asked for.
        const search = new URLSearchParams(location.search);
        search.delete("dropOffs");
        navigate(location.pathname + (search.size > 0 ? `?${search}` : ""), { replace: true });
        return store.setUi({ dropOffs: undefined });
      }
      setDropOffPeriod(timeFilter);
      const analytics = await loadAnalytics(meta.botId, timeFilter);
      store.setUi({
        dropOffs: {
          starts: analytics.starts,
          byBlock: Object.fromEntries(analytics.dropOffs.map((entry) => [entry.blockId, entry.total])),
          idledByBlock: Object.fromEntries(analytics.idleTimeouts.map((entry) => [entry.blockId, entry.total])),
        },
      });
    });

  // "Show on canvas" in the analytics view opens the editor with ?dropOffs=<period>.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor opens.
  useEffect(() => {
    const period = asTimeFilter(new URLSearchParams(location.search).get("dropOffs"));
    if (period) void toggleDropOffs(period);
  }, []);

  return (
    <header className="editor-toolbar">
      <Link to="/bots" className="button subtle" aria-label="Back to the bots">
        ←
      </Link>
      <label className="bot-name-field">
        <span className="visually-hidden">Bot name</span>
        <input
          className="bot-name-input"
          value={meta.name}
          readOnly={meta.readOnly}
          onChange={(event) => store.meta.set((value) => ({ ...value, name: event.target.value }))}
        />
      </label>
      {meta.readOnly ? (
        <span className="save-status read-only" role="status" data-testid="save-status">
          Read only: you are a guest of this workspace
        </span>
      ) : (
        <SaveStatus autosave={autosave} />
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: role=group: a labelled set of canvas or toolbar controls, not a form; <fieldset> would add form semantics and styling. */}
      <div className="toolbar-group" role="group" aria-label="History">
        <button
          type="button"
          className="button icon"
          aria-label="Undo (Ctrl+Z)"
          title="Undo (Ctrl+Z)"
          disabled={!history.canUndo}
          onClick={() => store.undo()}
        >
          ↶
        </button>
        <button
          type="button"
          className="button icon"
          aria-label="Redo (Ctrl+Shift+Z)"
          title="Redo (Ctrl+Shift+Z)"
          disabled={!history.canRedo}
          onClick={() => store.redo()}
        >
          ↷
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: role=group: a labelled set of canvas or toolbar controls, not a form; <fieldset> would add form semantics and styling. */}
      <div className="toolbar-group" role="group" aria-label="Panels">
        {PANELS.map((entry) => (
          <button
            key={entry.panel}
            type="button"
            className="button"
            aria-pressed={panel === entry.panel}
            onClick={() => store.setUi({ panel: panel === entry.panel ? undefined : entry.panel })}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div className="toolbar-spacer" />
      {error && (
        <span className="toolbar-error" role="alert">
          {error}
        </span>
      )}
      <button
        type="button"
        className="button"
        aria-pressed={showingDropOffs}
        disabled={busy === "drop-offs"}
        onClick={() => void toggleDropOffs()}
      >
        {showingDropOffs && dropOffPeriod !== "allTime" ? `Drop-offs: ${timeFilterLabel(dropOffPeriod)}` : "Drop-offs"}
      </button>
      <button type="button" className="button" disabled={busy === "check"} onClick={() => void check()}>
        {busy === "check" ? "Checking…" : "Check"}
      </button>
      <Link to={`/bots/${meta.botId}/results`} className="button">
        Results
      </Link>
      <button
        type="button"
        className="button"
        aria-pressed={panel === "preview"}
        onClick={() => (panel === "preview" ? store.setUi({ panel: undefined }) : previewFrom(undefined))}
      >
        Preview
      </button>
      {!meta.readOnly && <PublishButton autosave={autosave} />}
    </header>
  );
});
