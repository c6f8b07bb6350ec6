import { useCallback, useEffect, useState, type FormEvent } from "react";
import { builtInThemeTemplates } from "../../../../../src/schemas/theme-templates-builtin.js";
import { api, errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import type { Theme } from "../../lib/types";
import { Fieldset } from "../../ui/fields";
import { useEditor } from "../editor-context";

type Template = { id: string; name: string; theme: Theme; saved: boolean };

/** The colour a template's card shows: its buttons', or the chat's default blue. */
const swatch = (theme: Theme) => theme.chat?.buttons?.backgroundColor ?? "#0042DA";

/**
 * Built-in templates and the workspace's saved ones; picking one replaces the bot's theme (one undo
 * step) and records it as the bot's `selectedThemeTemplateId`. "Save as template" keeps the current theme.
 */
export function ThemeTemplates() {
  const { store } = useEditor();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const selectedId = useStore(store.meta, (meta) => meta.selectedThemeTemplateId);
  const readOnly = useStore(store.meta, (meta) => meta.readOnly === true);
  const [saved, setSaved] = useState<Template[]>([]);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    api.call("listThemeTemplates", { params: { workspaceId } }).then(
      (answer) => setSaved(answer.themeTemplates.map((template) => ({ ...template, saved: true }))),
      (failure) => setError(errorMessage(failure)),
    );
  }, [workspaceId]);
  useEffect(load, [load]);

  const pick = (template: Template) => {
    store.update((doc) => ({ ...doc, theme: structuredClone(template.theme) }));
    store.meta.set((meta) => ({ ...meta, selectedThemeTemplateId: template.id }));
    setMessage(`Theme "${template.name}" applied`);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setError(undefined);
    api
      .call("createThemeTemplate", { params: { workspaceId }, body: { name: trimmed, theme: store.doc.get().theme } })
      .then(
        ({ themeTemplate }) => {
          setSaved((current) => [...current, { ...themeTemplate, saved: true }]);
          store.meta.set((meta) => ({ ...meta, selectedThemeTemplateId: themeTemplate.id }));
          setName("");
          setMessage(`Saved as template "${themeTemplate.name}"`);
        },
        (failure) => setError(errorMessage(failure)),
      );
  };

  const remove = (template: Template) => {
    setError(undefined);
    api.call("deleteThemeTemplate", { params: { workspaceId, themeTemplateId: template.id } }).then(
      () => {
        setSaved((current) => current.filter((entry) => entry.id !== template.id));
        setMessage(`Template "${template.name}" deleted`);
      },
      (failure) => setError(errorMessage(failure)),
    );
  };

  const templates: Template[] = [...builtInThemeTemplates.map((template) => ({ ...template, saved: false })), ...saved];
  return (
    <Fieldset legend="Templates">
      <ul className="theme-templates" aria-label="Theme templates">
        {templates.map((template) => (
          <li key={template.id} className="theme-template-row">
            <button
              type="button"
              className="theme-template"
              aria-pressed={selectedId === template.id}
              disabled={readOnly}
              onClick={() => pick(template)}
            >
              <span
                className="theme-template-swatch"
                style={{ background: swatch(template.theme) }}
                aria-hidden="true"
              />
              {template.name}
            </button>
            {template.saved && !readOnly && (
              <button
                type="button"
                className="icon-button small"
                aria-label={`Delete template ${template.name}`}
                onClick={() => remove(template)}
              >
                ✕
              </button>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <form className="save-template" onSubmit={save}>
          <div className="field">
            <label htmlFor="template-name">Save the current theme as a template</label>
            <input
              id="template-name"
              className="input"
              placeholder="Template name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="button small" disabled={!name.trim()}>
            Save as template
          </button>
        </form>
      )}
      <p className="muted small" role="status">
        {message}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Fieldset>
  );
}
