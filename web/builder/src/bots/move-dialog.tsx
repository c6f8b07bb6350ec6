import { useEffect, useState, type FormEvent } from "react";
import { errorMessage } from "../lib/api";
import type { BotListItem, Folder } from "../lib/types";
import { Dialog } from "../ui/dialog";
import { folderLabel } from "./folder-tree";

const TOP = "";

/** "Move to…": the keyboard's way of doing what dragging a bot onto a folder does. */
export function MoveDialog({
  bot,
  folders,
  onMove,
  onCancel,
}: {
  bot: BotListItem | undefined;
  folders: Folder[];
  onMove(folderId: string | null): Promise<void>;
  onCancel(): void;
}) {
  const [target, setTarget] = useState(TOP);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTarget(bot?.folderId ?? TOP);
    setError(undefined);
  }, [bot]);

  const choices = folders
    .map((folder) => ({ id: folder.id, label: folderLabel(folders, folder) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onMove(target === TOP ? null : target);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={bot !== undefined} title={`Move “${bot?.name ?? ""}”`} onClose={onCancel}>
      <form onSubmit={submit}>
        <label className="field">
          <span>Folder</span>
          <select className="input" value={target} onChange={(event) => setTarget(event.target.value)} autoFocus>
            <option value={TOP}>All bots (no folder)</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-footer">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            Move
          </button>
        </div>
      </form>
    </Dialog>
  );
}
