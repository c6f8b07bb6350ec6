import { useEffect, useState, type FormEvent } from "react";
import { useStore } from "../../lib/store";
import type { Variable } from "../../lib/types";
import { useEditor } from "../editor-context";
import { addVariable, removeVariable, renameVariable, updateVariable, variableUses } from "../store/variables";

/** Create, rename, mark as session-only, and see where each variable is used. */
export function VariablesPanel() {
  const { store } = useEditor();
  const variables = useStore(store.doc, (doc) => doc.variables);
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const create = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    store.update((doc) => addVariable(doc, trimmed).doc);
    setName("");
  };
  const shown = variables.filter((variable) => variable.name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <div className="variables-panel">
      <form className="inline-form" onSubmit={create}>
        <label className="field grow">
          <span>New variable</span>
          <input className="input" value={name} placeholder="Name" onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="button primary">
          Create
        </button>
      </form>
      {variables.length > 5 && (
        <label className="field">
          <span>Filter</span>
          <input type="search" className="input" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
      )}
      {variables.length === 0 && (
        <p className="muted">No variables yet. Inputs save answers in variables; texts show them as {"{{name}}"}.</p>
      )}
      <ul className="variable-list">
        {shown.map((variable) => (
          <VariableRow key={variable.id} variable={variable} />
        ))}
      </ul>
    </div>
  );
}

function VariableRow({ variable }: { variable: Variable }) {
  const { store, reveal } = useEditor();
  const uses = useStore(
    store.doc,
    (doc) => variableUses(doc, variable),
    (a, b) => a.length === b.length && a.every((use, index) => use.blockId === b[index].blockId),
  );
  const [draft, setDraft] = useState(variable.name);
  useEffect(() => setDraft(variable.name), [variable.name]);
  const [open, setOpen] = useState(false);
  const commit = () => {
    const trimmed = draft.trim();
    if (!trimmed) return setDraft(variable.name);
    if (trimmed !== variable.name) store.update((doc) => renameVariable(doc, variable.id, trimmed));
  };
  return (
    <li className="variable-row" data-testid={`variable-${variable.name}`}>
      <div className="variable-main">
        <input
          className="input"
          aria-label={`Name of ${variable.name}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === "Enter" && commit()}
        />
        <button
          type="button"
          className="icon-button small"
          aria-label={`Delete ${variable.name}`}
          disabled={uses.length > 0}
          title={uses.length > 0 ? "Used in the flow: remove its uses first" : "Delete"}
          onClick={() => store.update((doc) => removeVariable(doc, variable.id))}
        >
          ×
        </button>
      </div>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={variable.isSessionVariable ?? false}
          onChange={(event) =>
            store.update((doc) =>
              updateVariable(doc, variable.id, { isSessionVariable: event.target.checked || undefined }),
            )
          }
        />
        Session only (not saved in results)
      </label>
      <button type="button" className="link-button small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {uses.length === 0 ? "Not used" : `Used in ${uses.length} block${uses.length > 1 ? "s" : ""}`}
      </button>
      {open && uses.length > 0 && (
        <ul className="variable-uses">
          {uses.map((use) => (
            <li key={use.blockId}>
              <button
                type="button"
                className="link-button small"
                onClick={() => reveal({ groupId: use.groupId, blockId: use.blockId })}
              >
                {use.groupTitle}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
