import { useEffect, useState, type FormEvent } from "react";
import { api, errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import { Fieldset, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import type { Autosave } from "../store/autosave";

/** The server's rule (publicIdSchema), checked here first so that a typo is named before any request. */
const PUBLIC_ID = /^(?!.*--)[a-z0-9][a-z0-9-]*$/;
const MAX_LENGTH = 255;

function problemOf(value: string): string | undefined {
  if (!value) return "Enter a public id.";
  if (value.length > MAX_LENGTH) return `Use at most ${MAX_LENGTH} characters.`;
  if (!PUBLIC_ID.test(value))
    return "Use lowercase letters, digits and single dashes, starting with a letter or a digit.";
  return undefined;
}

/** The id in the public page's address (`/<public id>`); saved on its own, as another bot may hold it. */
export function PublicIdField({ autosave }: { autosave: Autosave }) {
  const { store } = useEditor();
  const meta = useStore(store.meta, (value) => value);
  const [value, setValue] = useState(meta.publicId ?? "");
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(meta.publicId ?? ""), [meta.publicId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = problemOf(value);
    if (problem) return setError(problem);
    setBusy(true);
    setError(undefined);
    try {
      // Pending edits first: the id's own save must not make them look like stale ones.
      await autosave.save();
      const { bot } = await api.call("updateBot", {
        params: { botId: meta.botId },
        body: { bot: { publicId: value } },
      });
      autosave.noteUpdatedAt(bot.updatedAt);
      store.meta.set((current) => ({ ...current, publicId: bot.publicId }));
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Fieldset legend="Public id">
      <form onSubmit={submit} className="public-id-form">
        <TextField
          label="Public id"
          value={value}
          onChange={(next) => {
            setValue(next.toLowerCase());
            setSaved(false);
            setError(undefined);
          }}
          code
          hint={
            // While the id is refused (taken by another bot, or malformed), the address would be that other
            // bot's page or none: the hint then names the page this bot keeps.
            error ? (
              meta.publicId ? (
                <>
                  The public page stays {location.origin}/{meta.publicId}
                </>
              ) : (
                "This bot's public page gets an address once a public id is saved or it is published."
              )
            ) : (
              <>
                The public page: {location.origin}/{value || "…"}
              </>
            )
          }
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {saved && (
          <p className="muted small" role="status">
            Public id saved.
          </p>
        )}
        <button type="submit" className="button small" disabled={busy || meta.readOnly || value === meta.publicId}>
          {busy ? "Saving…" : "Save the public id"}
        </button>
      </form>
    </Fieldset>
  );
}
