import { useState } from "react";
import { getBot } from "../../bots/bots-api";
import { errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import type { LintFinding } from "../../lib/types";
import { Dialog } from "../../ui/dialog";
import { useEditor } from "../editor-context";
import { publishBot, publishState, testFindings, unpublishBot } from "../editor-api";
import type { Autosave } from "../store/autosave";
import { EmbedSnippets } from "./embed-snippets";
import { FindingsList } from "./findings-list";

type Outcome = { publicId: string; findings: LintFinding[] } | { error: string; findings: LintFinding[] };

/** Saves, publishes, then shows the public address, the embed code and what the check found. */
export function PublishButton({ autosave }: { autosave: Autosave }) {
  const { store } = useEditor();
  const meta = useStore(store.meta, (value) => value);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const publish = async () => {
    setBusy(true);
    try {
      await autosave.save();
      // The bot's tests run on the draft about to go live; like the check's findings, they never block.
      const failures = await testFindings(meta.botId);
      const answer = await publishBot(meta.botId);
      const findings = [...(answer.findings ?? []), ...failures];
      store.setUi({ findings });
      store.meta.set((value) => ({
        ...value,
        publicId: answer.publicId,
        isPublished: true,
        hasUnpublishedChanges: autosave.isDirty,
      }));
      // Publishing may give the bot its public id: later saves must not look like stale edits.
      const [{ bot }, state] = await Promise.all([getBot(meta.botId), publishState(meta.botId)]);
      autosave.noteUpdatedAt(bot.updatedAt);
      store.meta.set((value) => ({ ...value, hasUnpublishedChanges: state.hasUnpublishedChanges }));
      setOutcome({ publicId: answer.publicId, findings });
    } catch (failure) {
      const body = (failure as { body?: { findings?: LintFinding[] } }).body;
      const findings = body?.findings ?? [];
      if (findings.length) store.setUi({ findings });
      setOutcome({ error: errorMessage(failure), findings });
    } finally {
      setBusy(false);
    }
  };

  const unpublish = async () => {
    setBusy(true);
    try {
      await unpublishBot(meta.botId);
      store.meta.set((value) => ({ ...value, isPublished: false, hasUnpublishedChanges: false }));
      setOutcome(undefined);
    } catch (failure) {
      setOutcome({ error: errorMessage(failure), findings: [] });
    } finally {
      setBusy(false);
    }
  };

  const url = outcome && "publicId" in outcome ? `${location.origin}/${outcome.publicId}` : undefined;
  return (
    <>
      <button type="button" className="button primary" disabled={busy} onClick={() => void publish()}>
        {busy
          ? "Publishing…"
          : !meta.isPublished
            ? "Publish"
            : meta.hasUnpublishedChanges
              ? "Publish changes"
              : "Published"}
      </button>
      <Dialog
        open={outcome !== undefined}
        title={outcome && "error" in outcome ? "Publishing failed" : "Your bot is published"}
        onClose={() => setOutcome(undefined)}
        wide
      >
        {outcome && "error" in outcome && (
          <p className="form-error" role="alert">
            {outcome.error}
          </p>
        )}
        {url && (
          <>
            <p>
              Public page:{" "}
              <a href={url} target="_blank" rel="noreferrer" data-testid="public-url">
                {url}
              </a>
            </p>
            <EmbedSnippets publicId={(outcome as { publicId: string }).publicId} />
          </>
        )}
        {outcome && outcome.findings.length > 0 && (
          <>
            <h3>
              The check found {outcome.findings.length === 1 ? "one thing" : `${outcome.findings.length} things`} to
              look at
            </h3>
            <FindingsList findings={outcome.findings} onPick={() => setOutcome(undefined)} />
          </>
        )}
        {outcome && outcome.findings.length === 0 && url && <p className="muted">The check found nothing to fix.</p>}
        {url && (
          <div className="dialog-footer">
            <button type="button" className="button danger" disabled={busy} onClick={() => void unpublish()}>
              Unpublish
            </button>
            <button type="button" className="button primary" onClick={() => setOutcome(undefined)}>
              Done
            </button>
          </div>
        )}
      </Dialog>
    </>
  );
}
