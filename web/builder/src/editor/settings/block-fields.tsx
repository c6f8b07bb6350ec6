import { createContext, useContext, useId, useState, type ReactNode } from "react";
import { createId } from "../../lib/ids";
import { useStore } from "../../lib/store";
import type { Block } from "../../lib/types";
import { NumberField, SelectField, Switch, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { updateBlock } from "../store/operations";
import { addVariable } from "../store/variables";
import { getIn, setIn } from "./set-in";

type Path = readonly (string | number)[];
type BlockBinding = {
  block: Block;
  set(path: Path, value: unknown): void;
  update(fn: (block: Block) => Block, coalesce?: string): void;
};

const BlockContext = createContext<BlockBinding | null>(null);

/** The block a settings form edits; every field below writes into it by path. */
export function BlockProvider({ block, children }: { block: Block; children: ReactNode }) {
  const { store } = useEditor();
  const binding: BlockBinding = {
    block,
    set: (path, value) =>
      store.update(
        (doc) => updateBlock(doc, block.id, (current) => setIn(current, path, value)),
        `${block.id}:${path.join(".")}`,
      ),
    update: (fn, coalesce) => store.update((doc) => updateBlock(doc, block.id, fn), coalesce),
  };
  return <BlockContext.Provider value={binding}>{children}</BlockContext.Provider>;
}

export function useBlock(): BlockBinding {
  const binding = useContext(BlockContext);
  if (!binding) throw new Error("useBlock outside of a block form");
  return binding;
}

type Bound = { path: Path; label: string; hint?: ReactNode };

export function Text({
  path,
  label,
  hint,
  placeholder,
  multiline,
  code,
}: Bound & { placeholder?: string; multiline?: boolean; code?: boolean }) {
  const { block, set } = useBlock();
  return (
    <TextField
      label={label}
      hint={hint}
      value={getIn(block, path) ?? ""}
      placeholder={placeholder}
      multiline={multiline}
      code={code}
      onChange={(value) => set(path, value)}
    />
  );
}

export function Num({
  path,
  label,
  hint,
  min,
  max,
  step,
  placeholder,
}: Bound & { min?: number; max?: number; step?: number; placeholder?: string }) {
  const { block, set } = useBlock();
  return (
    <NumberField
      label={label}
      hint={hint}
      value={getIn(block, path)}
      min={min}
      max={max}
      step={step}
      placeholder={placeholder}
      onChange={(value) => set(path, value)}
    />
  );
}

export function Toggle({ path, label, hint, defaultValue = false }: Bound & { defaultValue?: boolean }) {
  const { block, set } = useBlock();
  return (
    <Switch
      label={label}
      hint={hint}
      checked={getIn(block, path) ?? defaultValue}
      onChange={(value) => set(path, value)}
    />
  );
}

export function Choice<T extends string>({
  path,
  label,
  hint,
  options,
  defaultValue,
  emptyLabel,
}: Bound & { options: readonly (T | { value: T; label: string })[]; defaultValue?: T; emptyLabel?: string }) {
  const { block, set } = useBlock();
  return (
    <SelectField
      label={label}
      hint={hint}
      value={getIn(block, path) ?? defaultValue}
      options={options}
      emptyLabel={emptyLabel}
      onChange={(value) => set(path, value)}
    />
  );
}

/** A number, or a single `{{variable}}`: stored as a number when it reads as one. */
export function NumOrVariable({ path, label, hint, placeholder }: Bound & { placeholder?: string }) {
  const { block, set } = useBlock();
  const value = getIn(block, path);
  return (
    <TextField
      label={label}
      hint={hint ?? "A number or a {{variable}}."}
      placeholder={placeholder}
      value={value === undefined ? "" : String(value)}
      onChange={(text) =>
        set(path, text.trim() === "" ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text)
      }
    />
  );
}

/** A list of texts typed one per line (recipients, file types, origins). */
export function Lines({ path, label, hint, placeholder }: Bound & { placeholder?: string }) {
  const { block, set } = useBlock();
  const value: string[] = getIn(block, path) ?? [];
  return (
    <TextField
      label={label}
      hint={hint ?? "One per line."}
      multiline
      placeholder={placeholder}
      value={value.join("\n")}
      onChange={(text) => {
        const lines = text.split("\n");
        set(path, lines.length === 1 && lines[0] === "" ? undefined : lines);
      }}
    />
  );
}

/** Picks a variable of the bot, or creates one on the spot. */
export function VariableSelect({
  value,
  onChange,
  label,
  hint,
}: {
  value: string | undefined;
  onChange(id: string | undefined): void;
  label: string;
  hint?: ReactNode;
}) {
  const { store } = useEditor();
  const variables = useStore(store.doc, (doc) => doc.variables);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const id = useId();
  const create = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    let createdId = "";
    store.update((doc) => {
      const result = addVariable(doc, trimmed);
      createdId = result.variable.id;
      return result.doc;
    });
    onChange(createdId);
    setCreating(false);
    setName("");
  };
  return (
    <div className="field variable-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={creating ? "__new" : (value ?? "")}
        onChange={(event) => {
          if (event.target.value === "__new") return setCreating(true);
          setCreating(false);
          onChange(event.target.value || undefined);
        }}
      >
        <option value="">— None —</option>
        {variables.map((variable) => (
          <option key={variable.id} value={variable.id}>
            {variable.name}
          </option>
        ))}
        {value && !variables.some((variable) => variable.id === value) && (
          <option value={value}>Missing variable ({value})</option>
        )}
        <option value="__new">+ Create a variable…</option>
      </select>
      {creating && (
        <div className="inline-create">
          <input
            className="input"
            aria-label="New variable name"
            placeholder="Variable name"
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                create();
              }
              if (event.key === "Escape") setCreating(false);
            }}
          />
          <button type="button" className="button small primary" onClick={create}>
            Create
          </button>
        </div>
      )}
      {hint && <small className="hint">{hint}</small>}
    </div>
  );
}

export function Variable({ path, label, hint }: Bound) {
  const { block, set } = useBlock();
  return <VariableSelect label={label} hint={hint} value={getIn(block, path)} onChange={(value) => set(path, value)} />;
}

/** An editable list of objects with ids (headers, mappings, cells); `render` draws one entry's fields. */
export function ListEditor<T extends { id: string }>({
  path,
  label,
  addLabel,
  make,
  render,
}: Bound & {
  addLabel: string;
  make(): Omit<T, "id">;
  render(entry: T, index: number, setEntry: (patch: Partial<T>) => void): ReactNode;
}) {
  const { block, set } = useBlock();
  const entries: T[] = getIn(block, path) ?? [];
  const write = (next: T[]) => set(path, next.length ? next : undefined);
  return (
    <fieldset className="fieldset list-editor">
      <legend>{label}</legend>
      {entries.length === 0 && <p className="muted small">None yet.</p>}
      {entries.map((entry, index) => (
        <div key={entry.id} className="list-entry">
          <div className="list-entry-fields">
            {render(entry, index, (patch) =>
              write(entries.map((item, position) => (position === index ? { ...item, ...patch } : item))),
            )}
          </div>
          <button
            type="button"
            className="icon-button small"
            aria-label={`Remove entry ${index + 1}`}
            onClick={() => write(entries.filter((_, position) => position !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button small"
        onClick={() => write([...entries, { id: createId(), ...make() } as T])}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}

export function KeyValues({ path, label }: Bound) {
  return (
    <ListEditor<{ id: string; key?: string; value?: string }>
      path={path}
      label={label}
      addLabel="Add"
      make={() => ({})}
      render={(entry, _index, setEntry) => (
        <>
          <TextField label="Key" value={entry.key} onChange={(key) => setEntry({ key })} />
          <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
        </>
      )}
    />
  );
}

export function ResponseMapping({ path, label = "Save in variables" }: Partial<Bound> & { path: Path }) {
  return (
    <ListEditor<{ id: string; variableId?: string; bodyPath?: string }>
      path={path}
      label={label}
      addLabel="Add a mapping"
      make={() => ({ bodyPath: "data" })}
      render={(entry, _index, setEntry) => (
        <>
          <TextField
            label="Data path"
            value={entry.bodyPath}
            placeholder="data.items[0].name"
            onChange={(bodyPath) => setEntry({ bodyPath })}
          />
          <VariableSelect
            label="Variable"
            value={entry.variableId}
            onChange={(variableId) => setEntry({ variableId })}
          />
        </>
      )}
    />
  );
}

type DialogueEntry = { dialogueVariableId?: string; startsBy?: string };

/** An AI message of role Dialogue: the variable that holds the conversation so far, and who spoke first. */
export function DialogueFields({
  entry,
  setEntry,
}: {
  entry: DialogueEntry;
  setEntry: (patch: DialogueEntry) => void;
}) {
  return (
    <>
      <VariableSelect
        label="Dialogue variable"
        value={entry.dialogueVariableId}
        onChange={(dialogueVariableId) => setEntry({ dialogueVariableId })}
      />
      <label className="field">
        <span>Starts by</span>
        <select
          className="input"
          value={entry.startsBy ?? "user"}
          onChange={(event) => setEntry({ startsBy: event.target.value })}
        >
          <option value="user">user</option>
          <option value="assistant">assistant</option>
        </select>
      </label>
    </>
  );
}
