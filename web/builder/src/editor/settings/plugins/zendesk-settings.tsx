import { useEffect, useState } from "react";
import { useStore } from "../../../lib/store";
import { SelectField, TextField } from "../../../ui/fields";
import { useEditor } from "../../editor-context";
import { Choice, Text, useBlock } from "../block-fields";
import { createCredentials, listCredentials, type CredentialsItem } from "../ai/credentials-api";
import { getIn } from "../set-in";

/**
 * Zendesk's one action, "Open Web Widget". The account is a Conversations API key: its secret signs the
 * visitor's token on the server and is never shown again after it is saved.
 */
export function ZendeskSettings() {
  const { block, set } = useBlock();
  return (
    <>
      <Choice
        path={["options", "action"]}
        label="Action"
        options={["Open Web Widget"]}
        defaultValue="Open Web Widget"
      />
      <ZendeskAccount
        value={getIn(block, ["options", "credentialsId"])}
        onChange={(id) => set(["options", "credentialsId"], id)}
      />
      <Text
        path={["options", "webWidgetKey"]}
        label="Web widget key"
        hint="In Zendesk: Channels › Messaging › your web widget › Installation."
      />
      <Text
        path={["options", "userId"]}
        label="User ID"
        hint="When set, the visitor is logged in to the widget as this user."
      />
      <Text path={["options", "name"]} label="Name" />
      <Text path={["options", "email"]} label="Email" />
    </>
  );
}

function ZendeskAccount({ value, onChange }: { value: string | undefined; onChange(id: string | undefined): void }) {
  const { store } = useEditor();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [items, setItems] = useState<CredentialsItem[]>([]);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [keyId, setKeyId] = useState("");
  const [secret, setSecret] = useState("");
  const [error, setError] = useState("");
  useEffect(() => void listCredentials(workspaceId, "zendesk").then(setItems, () => setItems([])), [workspaceId]);
  const save = async () => {
    setError("");
    try {
      const created = await createCredentials(workspaceId, {
        type: "zendesk",
        name: name.trim() || "Zendesk account",
        data: { conversationsKeyId: keyId.trim(), conversationsSecretKey: secret.trim() },
      });
      setItems((current) => [...current, created]);
      onChange(created.id);
      setCreating(false);
      setSecret("");
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
          <TextField label="Name" value={name} onChange={setName} placeholder="My Zendesk account" />
          <TextField label="Conversations key ID" value={keyId} onChange={setKeyId} />
          <TextField
            label="Conversations secret key"
            type="password"
            value={secret}
            onChange={setSecret}
            autoComplete="off"
          />
          {error && <p className="banner error">{error}</p>}
          <button
            type="button"
            className="button primary small"
            disabled={!keyId.trim() || !secret.trim()}
            onClick={() => void save()}
          >
            Save account
          </button>
        </div>
      ) : (
        <button type="button" className="button small" onClick={() => setCreating(true)}>
          Add a Zendesk account
        </button>
      )}
    </div>
  );
}
