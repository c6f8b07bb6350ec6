import { useEffect, useState } from "react";
import { useStore } from "../../../lib/store";
import { SelectField, TextField } from "../../../ui/fields";
import { useEditor } from "../../editor-context";
import { createCredentials, listCredentials, type CredentialsItem } from "./credentials-api";

/**
 * Picks the workspace's credentials of one type (an AI block's id) for a block, or creates new ones
 * (name, API key, optional base URL) without leaving the editor. The key is sent once and never shown again.
 */
export function CredentialsPicker({
  type,
  label,
  value,
  onChange,
}: {
  type: string;
  label: string;
  value: string | undefined;
  onChange(id: string | undefined): void;
}) {
  const { store } = useEditor();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [items, setItems] = useState<CredentialsItem[]>([]);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [error, setError] = useState("");
  useEffect(() => void listCredentials(workspaceId, type).then(setItems, () => setItems([])), [workspaceId, type]);
  const save = async () => {
    setError("");
    try {
      const created = await createCredentials(workspaceId, {
        type,
        name: name.trim() || `${label} account`,
        data: { apiKey: apiKey.trim(), ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}) },
      });
      setItems((current) => [...current, created]);
      onChange(created.id);
      setCreating(false);
      setName("");
      setApiKey("");
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
          <TextField label="API key" type="password" value={apiKey} onChange={setApiKey} autoComplete="off" />
          <TextField label="Base URL" value={baseUrl} onChange={setBaseUrl} placeholder="The provider's own" />
          {error && <p className="error">{error}</p>}
          <button type="button" className="button primary" disabled={!apiKey.trim()} onClick={() => void save()}>
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
