import { useId, type ReactNode } from "react";

type Base = { label: string; hint?: ReactNode };

export function TextField({
  label,
  hint,
  value,
  onChange,
  placeholder,
  multiline,
  type = "text",
  autoFocus,
  code,
  required,
  name,
  autoComplete,
}: Base & {
  value: string | undefined;
  onChange(value: string): void;
  placeholder?: string;
  multiline?: boolean;
  type?: "text" | "email" | "password" | "url";
  autoFocus?: boolean;
  code?: boolean;
  required?: boolean;
  name?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value: value ?? "",
    placeholder,
    autoFocus,
    required,
    autoComplete,
    "aria-describedby": hintId,
    className: code ? "input code" : "input",
    spellCheck: code ? false : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={code ? 6 : 3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function NumberField({
  label,
  hint,
  value,
  onChange,
  min,
  max,
  step,
  placeholder,
}: Base & {
  value: number | undefined;
  onChange(value: number | undefined): void;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        value={value ?? ""}
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
      />
      {hint && <small className="hint">{hint}</small>}
    </div>
  );
}

export function Switch({
  label,
  hint,
  checked,
  onChange,
}: Base & { checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="field switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <small className="hint">{hint}</small>}
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  emptyLabel,
}: Base & {
  value: T | undefined;
  options: readonly (T | { value: T; label: string })[];
  onChange(value: T | undefined): void;
  emptyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value ?? ""}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => {
          const entry = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          );
        })}
      </select>
      {hint && <small className="hint">{hint}</small>}
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
