import { useCallback, useEffect, useState, type FormEvent } from "react";
import { RenameDialog } from "../bots/rename-dialog";
import {
  createCredentials,
  deleteCredentials,
  listCredentials,
  renameCredentials,
  testCredentials,
  type CredentialsCheck,
  type CredentialsItem,
} from "../editor/settings/ai/credentials-api";
import { ApiError, errorMessage } from "../lib/api";
import { formatDateTime } from "../lib/format";
import { ConfirmDialog } from "../ui/dialog";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { SelectField, TextField } from "../ui/fields";
import { AccountCredentialsForm, accountCredentialsLabel } from "./account-credentials";
import { ConnectMessagingAppButton, MessagingAppCredentialsForm, messagingAppLabel } from "./messaging-app-credentials";
import { GoogleConnect } from "./google-connect";

/** API-key credential types: one per AI block (SMTP, Zendesk and HTTP secrets have a form of their own). */
const aiTypes = [
  { value: "openai", label: "OpenAI" },
  { value: "anthropic", label: "Anthropic" },
  { value: "mistral", label: "Mistral" },
  { value: "groq", label: "Groq" },
  { value: "deepseek", label: "DeepSeek" },
  { value: "perplexity", label: "Perplexity" },
  { value: "together-ai", label: "Together" },
  { value: "open-router", label: "OpenRouter" },
];
/** Plug-in services keyed the same way; the base URL points at a self-hosted instance or another region. */
const pluginKeyTypes = [
  { value: "nocodb", label: "NocoDB" },
  { value: "segment", label: "Segment" },
  { value: "posthog", label: "PostHog" },
  { value: "blink", label: "Blink" },
];
/** Plug-in services with an API key and an optional address of their own (a self-hosted instance). */
const serviceTypes = [
  { value: "elevenlabs", label: "ElevenLabs" },
  { value: "dify-ai", label: "Dify.AI" },
  { value: "chat-node", label: "ChatNode" },
];
const keyedTypes = [...aiTypes, ...pluginKeyTypes, ...serviceTypes];
const googleTypes = [
  { value: "google sheets", label: "Google Sheets" },
  { value: "gmail", label: "Gmail" },
] as const;
const typeLabel = (type: string) =>
  [...keyedTypes, ...googleTypes].find((entry) => entry.value === type)?.label ??
  messagingAppLabel(type) ??
  accountCredentialsLabel(type) ??
  type;

/**
 * The workspace's credentials: listed (never their secrets), created, renamed, deleted. Deleting one
 * a bot uses first shows the server's answer naming those bots and asks to confirm.
 */
export function CredentialsPanel({ workspaceId }: { workspaceId: string }) {
  const [items, setItems] = useState<CredentialsItem[]>();
  const [error, setError] = useState<string>();
  const [type, setType] = useState<string | undefined>("openai");
  const [name, setName] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  // Dify.AI's knowledge bases have a key of their own (the app's key is then optional).
  const [knowledgeApiKey, setKnowledgeApiKey] = useState("");
  const isDify = type === "dify-ai";
  const hasKey = Boolean(apiKey.trim() || (isDify && knowledgeApiKey.trim()));
  const [renaming, setRenaming] = useState<CredentialsItem>();
  const [deleting, setDeleting] = useState<{ item: CredentialsItem; message: string }>();
  // The last Test of each row: running, or what the service answered.
  const [checks, setChecks] = useState<Record<string, CredentialsCheck | "running">>({});

  const load = useCallback(() => {
    listCredentials(workspaceId).then(setItems, (failure) => setError(errorMessage(failure)));
  }, [workspaceId]);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await createCredentials(workspaceId, {
        type: type ?? "openai",
        name: name.trim() || `${typeLabel(type ?? "openai")} account`,
        data: {
          ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
          ...(isDify && knowledgeApiKey.trim() ? { knowledgeApiKey: knowledgeApiKey.trim() } : {}),
          ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        },
      });
      setName("");
      setApiKey("");
      setKnowledgeApiKey("");
      setBaseUrl("");
      load();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const test = async (item: CredentialsItem) => {
    setChecks((current) => ({ ...current, [item.id]: "running" }));
    let check: CredentialsCheck;
    try {
      check = await testCredentials(workspaceId, item.id);
    } catch (failure) {
      check = { result: "failed", message: errorMessage(failure) };
    }
    setChecks((current) => ({ ...current, [item.id]: check }));
  };

  const remove = async (item: CredentialsItem, confirm: boolean) => {
    setError(undefined);
    try {
      await deleteCredentials(workspaceId, item.id, confirm);
      setDeleting(undefined);
      load();
    } catch (failure) {
      if (!confirm && failure instanceof ApiError && failure.status === 409)
        setDeleting({ item, message: failure.message });
      else setError(errorMessage(failure));
    }
  };

  return (
    <section className="card" aria-labelledby="credentials-title">
      <div className="card-header">
        <h2 id="credentials-title">Credentials</h2>
      </div>
      <p className="muted">
        API keys of the AI and plug-in blocks, SMTP senders for the Email block, Zendesk, Google accounts and messaging
        apps (WhatsApp, Telegram). Secrets are stored encrypted and never shown again.
      </p>
      <form className="inline-form" onSubmit={create}>
        <SelectField label="Provider" value={type} options={keyedTypes} onChange={setType} />
        <TextField label="Name" value={name} onChange={setName} placeholder="My account" />
        <TextField label="API key" type="password" value={apiKey} onChange={setApiKey} autoComplete="off" />
        {isDify && (
          <TextField
            label="Knowledge base API key"
            type="password"
            value={knowledgeApiKey}
            onChange={setKnowledgeApiKey}
            autoComplete="off"
          />
        )}
        <TextField label="Base URL" value={baseUrl} onChange={setBaseUrl} placeholder="The provider's own" />
        <button type="submit" className="button primary" disabled={!hasKey}>
          Add credentials
        </button>
      </form>
      <AccountCredentialsForm workspaceId={workspaceId} onCreated={load} />
      <MessagingAppCredentialsForm workspaceId={workspaceId} onCreated={load} />
      <div className="inline-form google-accounts">
        {googleTypes.map((entry, index) => (
          <GoogleConnect
            key={entry.value}
            setupNotice={index === 0}
            workspaceId={workspaceId}
            type={entry.value}
            label={`Connect a Google account for ${entry.label}`}
          />
        ))}
      </div>
      <ErrorBanner error={error} />
      {!items && !error && <Spinner />}
      {items && items.length === 0 && <p className="muted">No credentials yet.</p>}
      {items && items.length > 0 && (
        <table className="simple-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Created</th>
              <th scope="col">Test</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{typeLabel(item.type)}</td>
                <td>{formatDateTime(item.createdAt)}</td>
                <td>
                  <CheckResult check={checks[item.id]} />
                </td>
                <td>
                  {messagingAppLabel(item.type) && (
                    <ConnectMessagingAppButton workspaceId={workspaceId} credentialsId={item.id} />
                  )}
                  <button
                    type="button"
                    className="button small"
                    disabled={checks[item.id] === "running"}
                    onClick={() => void test(item)}
                  >
                    Test
                  </button>
                  <button type="button" className="button small" onClick={() => setRenaming(item)}>
                    Rename
                  </button>
                  <button type="button" className="button small danger" onClick={() => void remove(item, false)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RenameDialog
        open={renaming !== undefined}
        title="Rename the credentials"
        initial={renaming?.name ?? ""}
        onCancel={() => setRenaming(undefined)}
        onSave={async (next) => {
          await renameCredentials(workspaceId, renaming!.id, next);
          setRenaming(undefined);
          load();
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete credentials in use?"
        message={deleting?.message.replace(/ Delete them anyway with \?confirm=true$/, "") ?? ""}
        confirmLabel="Delete anyway"
        danger
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => void remove(deleting!.item, true)}
      />
    </section>
  );
}

const checkLabels = { passed: "Works", failed: "Failed", unchecked: "Not checked" } as const;

/** The last Test's outcome in the row: a word to scan, the service's answer to read. */
function CheckResult({ check }: { check: CredentialsCheck | "running" | undefined }) {
  if (!check) return null;
  if (check === "running") return <span role="status">Testing…</span>;
  return (
    <span role="status" data-check={check.result} title={check.message}>
      <strong>{checkLabels[check.result]}</strong>: {check.message}
    </span>
  );
}
