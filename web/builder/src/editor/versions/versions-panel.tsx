import "../../styles/versions.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { getBot } from "../../bots/bots-api";
import { errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import { ConfirmDialog } from "../../ui/dialog";
import { Spinner } from "../../ui/feedback";
import { useEditor } from "../editor-context";
import { publishState } from "../editor-api";
import type { Autosave } from "../store/autosave";
import type { DiffMarks } from "../store/editor-store";
import type { BotDocument } from "../../lib/types";
import { StagingControls } from "./staging-controls";
import { diffMarks, VersionDiff } from "./version-diff";
import { VersionList } from "./version-list";
import { diffVersion, listVersions, memberEmails, restoreVersion, type BotDiff, type BotVersion } from "./versions-api";

type Restore = "published" | "draft";

/**
 * The bot's published versions: pick one to see what changed from it to the draft (or to another
 * version), marked on the canvas; restore it as a new publish or copy it into the draft; and what the
 * private staging link serves. A guest reads it all and changes nothing.
 */
export function VersionsPanel({ autosave }: { autosave: Autosave }) {
  const { store, reveal } = useEditor();
  const botId = useStore(store.meta, (meta) => meta.botId);
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const readOnly = useStore(store.meta, (meta) => meta.readOnly ?? false);
  const [versions, setVersions] = useState<BotVersion[]>();
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [emails, setEmails] = useState(new Map<string, string>());
  const [selectedId, setSelectedId] = useState<string>();
  const [compareTo, setCompareTo] = useState("draft");
  const [diff, setDiff] = useState<BotDiff>();
  const [diffRun, setDiffRun] = useState(0);
  const shownKey = useRef("");
  const [stagingVersionId, setStagingVersionId] = useState<string>();
  const [confirming, setConfirming] = useState<Restore>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const loadFirst = useCallback(
    () =>
      listVersions(botId).then(
        (page) => {
          setVersions(page.versions);
          setNextCursor(page.nextCursor);
        },
        (failure) => setError(errorMessage(failure)),
      ),
    [botId],
  );
  useEffect(() => {
    void loadFirst();
    void memberEmails(workspaceId).then(setEmails);
  }, [loadFirst, workspaceId]);

  const loadMore = () =>
    nextCursor &&
    listVersions(botId, nextCursor).then(
      (page) => {
        setVersions((current) => [...(current ?? []), ...page.versions]);
        setNextCursor(page.nextCursor);
      },
      (failure) => setError(errorMessage(failure)),
    );

  // The diff of the picked version, against the saved draft (pending edits are saved first) or a version.
  // biome-ignore lint/correctness/useExhaustiveDependencies: diffRun asks again after a restore changed the draft.
  useEffect(() => {
    // Another pick: the old diff and its marks go at once; the same one asked again keeps them until the answer.
    if (shownKey.current !== `${selectedId}|${compareTo}`) {
      shownKey.current = `${selectedId}|${compareTo}`;
      setDiff(undefined);
      store.setUi({ diffMarks: undefined });
    }
    if (!selectedId) return;
    let current = true;
    void (async () => {
      try {
        if (compareTo === "draft" && !readOnly) await autosave.save();
        const found = await diffVersion(botId, selectedId, compareTo);
        if (!current) return;
        setDiff(found);
        const marks = diffMarks(found);
        store.setUi({ diffMarks: marks });
        // The first marked group comes into view (the block is not selected: that would close this panel).
        const groupId = firstMarkedGroup(store.doc.get(), marks);
        if (groupId) reveal({ groupId });
      } catch (failure) {
        if (current) setError(errorMessage(failure));
      }
    })();
    return () => {
      current = false;
    };
  }, [botId, selectedId, compareTo, diffRun, store, autosave, readOnly, reveal]);
  // Compared with the draft, the diff follows edits: once an edit is saved, it is asked again.
  useEffect(() => {
    if (!selectedId || compareTo !== "draft") return;
    let lastStatus = autosave.state.get().status;
    return autosave.state.subscribe(() => {
      const { status } = autosave.state.get();
      if (status === "saved" && lastStatus !== "saved") setDiffRun((run) => run + 1);
      lastStatus = status;
    });
  }, [autosave, selectedId, compareTo]);
  // Closing the panel takes the marks off the canvas.
  useEffect(() => () => store.setUi({ diffMarks: undefined }), [store]);

  // The toolbar's Publish button follows: a restore publishes, a copy into the draft makes it differ.
  const refreshPublishState = async () => {
    const { isPublished, hasUnpublishedChanges } = await publishState(botId);
    store.meta.set((meta) => ({ ...meta, isPublished, hasUnpublishedChanges }));
  };

  const selected = versions?.find((version) => version.id === selectedId);

  const restore = async (to: Restore) => {
    if (!selected) return;
    setConfirming(undefined);
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      // Copying into the draft replaces it: what is pending is saved first, then the editor takes the new draft.
      if (to === "draft") await autosave.save();
      const answer = await restoreVersion(botId, selected.id, to);
      if (to === "draft") autosave.adopt((await getBot(botId)).bot);
      await refreshPublishState();
      setNotice(
        answer.version
          ? `Version ${answer.version.number} is published, with version ${selected.number}'s content.`
          : `The draft is now version ${selected.number}'s content. Publish to make it live.`,
      );
      await loadFirst();
      setDiffRun((run) => run + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!versions) return error ? <ErrorLine error={error} /> : <Spinner label="Loading the versions…" />;
  return (
    <div className="versions-panel">
      {versions.length === 0 ? (
        <p className="muted">No versions yet: each publish keeps one here.</p>
      ) : (
        <>
          <p className="muted small">Each publish is kept. Pick one to see what changed since.</p>
          <VersionList
            versions={versions}
            emails={emails}
            selectedId={selectedId}
            stagingVersionId={stagingVersionId}
            onSelect={(id) => setSelectedId(id === selectedId ? undefined : id)}
          />
          {nextCursor && (
            <button type="button" className="link-button" onClick={() => void loadMore()}>
              Show older versions
            </button>
          )}
        </>
      )}
      {notice && (
        <p className="banner success" role="status">
          {notice}
        </p>
      )}
      {error && <ErrorLine error={error} />}
      {selected && (
        <section className="version-detail" aria-labelledby="version-detail-title">
          <h3 id="version-detail-title">Version {selected.number}</h3>
          <label className="field inline">
            <span>Compare with</span>
            <select className="input" value={compareTo} onChange={(event) => setCompareTo(event.target.value)}>
              <option value="draft">The draft</option>
              {versions
                .filter((version) => version.id !== selected.id)
                .map((version) => (
                  <option key={version.id} value={version.id}>
                    Version {version.number}
                  </option>
                ))}
            </select>
          </label>
          {diff ? <VersionDiff diff={diff} /> : <Spinner label="Comparing…" />}
          {!readOnly && (
            <div className="version-actions">
              <button
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() => setConfirming("published")}
              >
                Restore
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setConfirming("draft")}>
                Copy into draft
              </button>
            </div>
          )}
        </section>
      )}
      <StagingControls
        botId={botId}
        versions={versions}
        readOnly={readOnly}
        onChange={(staging, promoted) => {
          setStagingVersionId(staging?.serves.versionId);
          if (promoted) {
            setNotice("What staging serves is now published as a new version.");
            void loadFirst();
            void refreshPublishState().catch(() => undefined);
          }
        }}
      />
      <ConfirmDialog
        open={confirming !== undefined && selected !== undefined}
        title={
          confirming === "draft"
            ? `Copy version ${selected?.number} into the draft?`
            : `Restore version ${selected?.number}?`
        }
        message={
          confirming === "draft"
            ? `The draft becomes version ${selected?.number}'s content; nothing is published. Your current draft is replaced.`
            : `A new version with version ${selected?.number}'s content becomes the published one. Chats already running finish on their version; the draft is left as it is.`
        }
        confirmLabel={confirming === "draft" ? "Copy into draft" : "Restore"}
        busy={busy}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => confirming && void restore(confirming)}
      />
    </div>
  );
}

function ErrorLine({ error }: { error: string }) {
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}

/** The draft's first group that is marked, or holds a marked block. */
function firstMarkedGroup(doc: BotDocument, marks: DiffMarks): string | undefined {
  return doc.groups.find((group) => marks.groups[group.id] || group.blocks.some((block) => marks.blocks[block.id]))?.id;
}
