import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";
import { checkBot } from "../editor-api";
import type { Autosave } from "../store/autosave";
import { FindingsList } from "./findings-list";

/** What the flow check found, each finding leading to its block; "Check again" after fixing. */
export function FindingsPanel({ autosave }: { autosave: Autosave }) {
  const { store } = useEditor();
  const findings = useStore(store.ui, (ui) => ui.findings);
  const botId = useStore(store.meta, (meta) => meta.botId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const recheck = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await autosave.save();
      store.setUi({ findings: await checkBot(botId) });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="findings-panel">
      <p className="muted small">
        The check looks for groups nothing leads to, blocks that leave the visitor waiting, variables used but never
        set, edges to missing groups and empty bubbles.
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void recheck()}>
        {busy ? "Checking…" : "Check again"}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {findings && findings.length === 0 && (
        <p className="banner success" role="status" data-testid="no-findings">
          Nothing to fix: the flow looks complete.
        </p>
      )}
      {findings && findings.length > 0 && <FindingsList findings={findings} />}
    </div>
  );
}
