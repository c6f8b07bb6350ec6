import { useState } from "react";
import { getBot } from "../bots/bots-api";
import { errorMessage } from "../lib/api";
import { useStore } from "../lib/store";
import { Dialog } from "../ui/dialog";
import type { Autosave } from "./store/autosave";

/** The bot changed elsewhere (another tab, another person): the user chooses, nothing is dropped silently. */
export function ConflictDialog({ autosave }: { autosave: Autosave }) {
  const conflict = useStore(autosave.state, (state) => state.status === "conflict");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const choose = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={conflict}
      title="This bot was changed somewhere else"
      onClose={() => undefined}
      modalChoice
      footer={
        <>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void choose(async () => autosave.adopt((await getBot(autosave.botId)).bot))}
          >
            Reload the saved version
          </button>
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() => void choose(() => autosave.save(true))}
          >
            Overwrite with my version
          </button>
        </>
      }
    >
      <p>
        Someone (maybe you, in another tab) saved a newer version of this bot while you were editing. Reload it to
        continue from the saved version and lose your unsaved changes here, or overwrite it with what you see now.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
