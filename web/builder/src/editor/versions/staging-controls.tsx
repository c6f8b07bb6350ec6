import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/api";
import { ConfirmDialog } from "../../ui/dialog";
import { deleteStaging, getStaging, promoteStaging, setStaging, type BotVersion, type Staging } from "./versions-api";

type Props = {
  botId: string;
  versions: BotVersion[];
  readOnly: boolean;
  /** Staging changed what it serves (the list marks it) or was promoted (a new version). */
  onChange(staging: Staging | null, promoted: boolean): void;
};

const servedName = (serves: Staging["serves"]) => (serves.number === null ? "The draft" : `Version ${serves.number}`);

/** The bot's private staging link: what it serves (the draft or a version), its address, promote, turn off. */
export function StagingControls({ botId, versions, readOnly, onChange }: Props) {
  const [staging, setCurrent] = useState<Staging | null>();
  const [choice, setChoice] = useState("draft");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [promoting, setPromoting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per bot; onChange only reports what was read.
  useEffect(() => {
    getStaging(botId).then(
      (found) => {
        setCurrent(found);
        if (found) setChoice(found.serves.versionId);
        onChange(found, false);
      },
      (failure) => setError(errorMessage(failure)),
    );
  }, [botId]);

  const run = async (action: () => Promise<{ staging: Staging | null; promoted?: boolean }>) => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await action();
      setCurrent(next.staging);
      if (next.staging) setChoice(next.staging.serves.versionId);
      onChange(next.staging, next.promoted ?? false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staging-controls" aria-labelledby="staging-title">
      <h3 id="staging-title">Staging</h3>
      <p className="muted small">
        A private link that serves the draft or a version on the real chat page and embed, so you can try it before
        visitors see it. Its results are kept apart from visitors'.
      </p>
      {staging === null && <p data-testid="staging-state">Staging is off.</p>}
      {staging && (
        <>
          <p data-testid="staging-state">Staging serves: {servedName(staging.serves)}</p>
          <p className="staging-url">
            <a href={staging.url} target="_blank" rel="noreferrer" data-testid="staging-url">
              {staging.url}
            </a>
          </p>
        </>
      )}
      {!readOnly && staging !== undefined && (
        <div className="staging-actions">
          <label className="field inline">
            <span>Serve</span>
            <select className="input" value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="draft">The draft</option>
              {versions.map((version) => (
                <option key={version.id} value={version.id}>
                  Version {version.number}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            disabled={busy || choice === staging?.serves.versionId}
            onClick={() => void run(async () => ({ staging: await setStaging(botId, choice) }))}
          >
            {staging ? "Serve on staging" : "Turn staging on"}
          </button>
          {staging && (
            <>
              <button type="button" className="button primary" disabled={busy} onClick={() => setPromoting(true)}>
                Promote to published
              </button>
              <button
                type="button"
                className="button danger"
                disabled={busy}
                onClick={() => void run(async () => ({ staging: (await deleteStaging(botId)).staging }))}
              >
                Turn staging off
              </button>
            </>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={promoting}
        title="Promote staging to published?"
        message={`${staging ? servedName(staging.serves) : "What staging serves"} becomes a new published version. Chats already running finish on theirs.`}
        confirmLabel="Promote"
        busy={busy}
        onCancel={() => setPromoting(false)}
        onConfirm={() => {
          setPromoting(false);
          void run(async () => {
            await promoteStaging(botId);
            return { staging: staging ?? null, promoted: true };
          });
        }}
      />
    </section>
  );
}
