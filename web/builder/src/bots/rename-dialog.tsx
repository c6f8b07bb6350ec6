import { useEffect, useState, type FormEvent } from "react";
import { errorMessage } from "../lib/api";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/fields";

/** A dialog with one name field, used for bots and workspaces. */
export function RenameDialog({
  open,
  title,
  initial,
  label = "Name",
  onSave,
  onCancel,
}: {
  open: boolean;
  title: string;
  initial: string;
  label?: string;
  onSave(name: string): Promise<void>;
  onCancel(): void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(undefined);
    }
  }, [open, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("The name cannot be empty.");
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <form onSubmit={submit}>
        <TextField label={label} value={name} onChange={setName} autoFocus required />
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
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
