import { useEffect, useState } from "react";
import { useStore } from "../../../lib/store";
import { SelectField, TextField } from "../../../ui/fields";
import { useEditor } from "../../editor-context";
import type { CredentialsType } from "../../../../../../src/schemas/credentials.js";
import { createCredentials, listCredentials, type CredentialsItem } from "./credentials-api";

/** A secret field of a credential; most have one, the API key. */
export type CredentialsKey = { field: string; label: string };
const apiKeyOnly: CredentialsKey[] = [{ field: "apiKey", label: "API key" }];

/**
 * Picks the workspace's credentials of one type (a plug-in block's id) for a block, or creates new ones
 * (name, API key or the `keys` given, optional base URL) without leaving the editor. Keys are sent once
 * and never shown again; saving needs at least one of them.
 */
export function CredentialsPicker({
  type,
  label,
  value,
  onChange,
  keys = apiKeyOnly,
}: {
  type: CredentialsType;
  label: string;
  value: string | undefined;
  onChange(id: string | undefined): void;
  keys?: CredentialsKey[];
}) {
  const { store } = useEditor();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [items, setItems] = useState<CredentialsItem[]>([]);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [baseUrl, setBaseUrl] = useState("");
  const [error, setError] = useState("");
  useEffect(() => void listCredentials(workspaceId, type).then(setItems, () => setItems([])), [workspaceId, type]);
  const save = async () => {
    setError("");
    try {
      const created = await createCredentials(workspaceId, {
        type,
        name: name.trim() || `${label} account`,
        data: {
          ...Object.fromEntries(keys.map(({ field }) => [field, secrets[field]?.trim()]).filter(([, key]) => key)),
          ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        },
      });
      setItems((current) => [...current, created]);
      onChange(created.id);
      setCreating(false);
      setName("");
      setSecrets({});
      setBaseUrl("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <div className="credentials-picker">
      <SelectField
        label="Account"
        value={value}
        options={items.map((item) => ({ value: item.id, label: item.name }))}
        emptyLabel={items.length ? "Select an account" : "No account yet"}
        onChange={onChange}
      />
      {creating ? (
        <div className="credentials-create">
          <TextField label="Name" value={name} onChange={setName} placeholder={`My ${label} account`} />
          {keys.map(({ field, label: keyLabel }) => (
            <TextField
              key={field}
              label={keyLabel}
              type="password"
              value={secrets[field] ?? ""}
              onChange={(secret) => setSecrets((current) => ({ ...current, [field]: secret }))}
              autoComplete="off"
            />
          ))}
          <TextField label="Base URL" value={baseUrl} onChange={setBaseUrl} placeholder="The provider's own" />
          {error && <p className="error">{error}</p>}
          <button
            type="button"
            className="button primary"
            disabled={!keys.some(({ field }) => secrets[field]?.trim())}
            onClick={() => void save()}
          >
            Save account
          </button>
          <button type="button" className="button" onClick={() => setCreating(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setCreating(true)}>
          Connect new
        </button>
      )}
    </div>
  );
}
