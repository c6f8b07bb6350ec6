import { useId, type ReactNode } from "react";
import { useStore } from "../../lib/store";
import type { BotDocument } from "../../lib/types";
import { NumberField, SelectField, Switch, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { getIn, setIn } from "../settings/set-in";

type Root = "theme" | "settings";
type Props = { root: Root; path: readonly (string | number)[]; label: string; hint?: ReactNode };

/** Reads and writes one value of the bot's theme or settings, one undo step per field and burst of typing. */
function useDocValue(root: Root, path: Props["path"]) {
  const { store } = useEditor();
  const value = useStore(store.doc, (doc) => getIn(doc[root], path));
  const set = (next: unknown) =>
    store.update(
      (doc: BotDocument) => ({ ...doc, [root]: setIn(doc[root] ?? {}, path, next) }),
      `${root}:${path.join(".")}`,
    );
  return [value, set] as const;
}

export function DocText({
  root,
  path,
  label,
  hint,
  placeholder,
  multiline,
  code,
}: Props & { placeholder?: string; multiline?: boolean; code?: boolean }) {
  const [value, set] = useDocValue(root, path);
  return (
    <TextField
      label={label}
      hint={hint}
      value={typeof value === "string" ? value : ""}
      placeholder={placeholder}
      multiline={multiline}
      code={code}
      onChange={set}
    />
  );
}

export function DocNumber({
  root,
  path,
  label,
  hint,
  min,
  max,
  step,
  placeholder,
}: Props & { min?: number; max?: number; step?: number; placeholder?: string }) {
  const [value, set] = useDocValue(root, path);
  return (
    <NumberField
      label={label}
      hint={hint}
      value={value}
      min={min}
      max={max}
      step={step}
      placeholder={placeholder}
      onChange={set}
    />
  );
}

export function DocSwitch({ root, path, label, hint, defaultValue = false }: Props & { defaultValue?: boolean }) {
  const [value, set] = useDocValue(root, path);
  return <Switch label={label} hint={hint} checked={value ?? defaultValue} onChange={set} />;
}

export function DocSelect<T extends string>({
  root,
  path,
  label,
  hint,
  options,
  defaultValue,
  emptyLabel,
}: Props & { options: readonly T[]; defaultValue?: T; emptyLabel?: string }) {
  const [value, set] = useDocValue(root, path);
  return (
    <SelectField
      label={label}
      hint={hint}
      value={value ?? defaultValue}
      options={options}
      emptyLabel={emptyLabel}
      onChange={set}
    />
  );
}

/** Any CSS colour the theme holds (#abc, rgb(…), a name) as the #rrggbb a colour picker needs. */
function toHex(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const trimmed = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(trimmed)) return trimmed.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(trimmed))
    return `#${[...trimmed.slice(1)].map((digit) => digit + digit).join("")}`.toLowerCase();
  // The canvas normalises any colour it understands to #rrggbb (opaque) or rgba(…).
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return undefined;
  context.fillStyle = "#010203";
  context.fillStyle = trimmed;
  const normalised = String(context.fillStyle);
  return normalised !== "#010203" && normalised.startsWith("#") ? normalised : undefined;
}

/**
 * A colour of the theme: the text shows what the bot stores, the picker that colour (or, when the
 * theme leaves it unset, the chat's default, also shown as the placeholder).
 */
export function DocColor({ root, path, label, placeholder = "#0042DA" }: Props & { placeholder?: string }) {
  const [value, set] = useDocValue(root, path);
  const id = useId();
  const hex = toHex(value) ?? toHex(placeholder) ?? "#ffffff";
  return (
    <div className="field color-field">
      <label htmlFor={id}>{label}</label>
      <div className="color-row">
        <input type="color" aria-label={`${label} picker`} value={hex} onChange={(event) => set(event.target.value)} />
        <input
          id={id}
          className="input"
          value={typeof value === "string" ? value : ""}
          placeholder={placeholder}
          onChange={(event) => set(event.target.value)}
        />
      </div>
    </div>
  );
}

/** The chat font: a Google font family, stored as the theme's font object so the chat loads it. */
export function FontField() {
  const [value, set] = useDocValue("theme", ["general", "font"]);
  const family = typeof value === "string" ? value : typeof value?.family === "string" ? value.family : "";
  return (
    <TextField
      label="Font (Google font family)"
      placeholder="Open Sans"
      hint="Loaded from Google Fonts by the chat."
      value={family}
      onChange={(next) => set(next.trim() ? { type: "Google", family: next } : undefined)}
    />
  );
}
