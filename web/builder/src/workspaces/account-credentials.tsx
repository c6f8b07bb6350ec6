import { useState, type FormEvent } from "react";
import { createCredentials } from "../editor/settings/ai/credentials-api";
import { errorMessage } from "../lib/api";
import { ErrorBanner } from "../ui/feedback";
import { SelectField, TextField } from "../ui/fields";

type Field = { key: string; label: string; secret?: boolean; optional?: boolean; placeholder?: string };

/** Credentials with fields of their own (not an API key): an SMTP sender, a Zendesk Conversations key, HTTP secrets. */
const kinds = {
  smtp: {
    label: "SMTP",
    fields: [
      { key: "host", label: "Host", placeholder: "smtp.example.com" },
      { key: "port", label: "Port", placeholder: "587" },
      { key: "from", label: "From", placeholder: '"Support" <support@example.com>' },
      { key: "username", label: "Login", optional: true },
      { key: "password", label: "Password", secret: true, optional: true },
    ],
  },
  zendesk: {
    label: "Zendesk",
    fields: [
      { key: "conversationsKeyId", label: "Conversations API key ID" },
      { key: "conversationsSecretKey", label: "Conversations API secret", secret: true },
    ],
  },
  http: {
    label: "HTTP",
    fields: [
      { key: "baseUrl", label: "Base URL", optional: true, placeholder: "https://api.example.com" },
      { key: "headerName", label: "Header", placeholder: "Authorization" },
      { key: "headerValue", label: "Header value", secret: true },
    ],
  },
} satisfies Record<string, { label: string; fields: Field[] }>;
type Kind = keyof typeof kinds;

export const accountCredentialsLabel = (type: string) =>
  Object.hasOwn(kinds, type) ? kinds[type as Kind].label : undefined;

/** The data the API expects: SMTP's port is a number, and TLS from the first byte on port 465. */
function credentialsData(kind: Kind, values: Record<string, string>) {
  const filled = Object.fromEntries(
    kinds[kind].fields.map((field) => [field.key, (values[field.key] ?? "").trim()]).filter(([, value]) => value),
  );
  // HTTP secrets are headers by name (one from this form; more through the API).
  if (kind === "http")
    return {
      ...(filled.baseUrl ? { baseUrl: filled.baseUrl } : {}),
      headers: { [filled.headerName ?? ""]: filled.headerValue ?? "" },
    };
  if (kind !== "smtp") return filled;
  const port = Number(filled.port);
  return { ...filled, port: Number.isInteger(port) ? port : filled.port, secure: port === 465 };
}

/** SMTP, Zendesk and HTTP credentials, made in Settings → Credentials and then picked on their blocks. */
export function AccountCredentialsForm({ workspaceId, onCreated }: { workspaceId: string; onCreated(): void }) {
  const [kind, setKind] = useState<Kind | undefined>("smtp");
  const [name, setName] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const current = kinds[kind ?? "smtp"];
  const complete = current.fields.every((field: Field) => field.optional || (values[field.key] ?? "").trim() !== "");

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await createCredentials(workspaceId, {
        type: kind ?? "smtp",
        name: name.trim() || `${current.label} account`,
        data: credentialsData(kind ?? "smtp", values),
      });
      setName("");
      setValues({});
      onCreated();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form className="inline-form" onSubmit={create} aria-label="Email and support credentials">
      <SelectField
        label="Service"
        value={kind}
        options={Object.entries(kinds).map(([value, entry]) => ({ value: value as Kind, label: entry.label }))}
        onChange={(next) => {
          setKind(next);
          setValues({});
        }}
      />
      <TextField label="Shown as" value={name} onChange={setName} placeholder="My account" />
      {current.fields.map((field: Field) => (
        <TextField
          key={field.key}
          label={field.optional ? `${field.label} (optional)` : field.label}
          type={field.secret ? "password" : "text"}
          autoComplete="off"
          placeholder={field.placeholder}
          value={values[field.key] ?? ""}
          onChange={(value) => setValues((entries) => ({ ...entries, [field.key]: value }))}
        />
      ))}
      <button type="submit" className="button primary" disabled={!complete}>
        Add {current.label} account
      </button>
      <ErrorBanner error={error} />
    </form>
  );
}
