import { useState, type FormEvent } from "react";
import { api, errorMessage } from "../lib/api";
import { createCredentials } from "../editor/settings/ai/credentials-api";
import { ErrorBanner } from "../ui/feedback";
import { SelectField, TextField } from "../ui/fields";

const apps = [
  { value: "whatsapp", label: "WhatsApp" },
  { value: "telegram", label: "Telegram" },
];
export const messagingAppLabel = (type: string) => apps.find((app) => app.value === type)?.label;

const fieldsByApp = {
  whatsapp: [
    { key: "phoneNumberId", label: "Phone number ID", secret: false },
    { key: "accessToken", label: "Access token", secret: true },
    { key: "appSecret", label: "App secret", secret: true },
    { key: "verifyToken", label: "Verify token (you choose it)", secret: true },
  ],
  telegram: [
    { key: "botToken", label: "Bot token (from BotFather)", secret: true },
    { key: "secretToken", label: "Secret token (A-Z, a-z, 0-9, _ and -)", secret: true },
  ],
} as const;

/** WhatsApp and Telegram credentials (README "Messaging apps"): made here, then connected. */
export function MessagingAppCredentialsForm({ workspaceId, onCreated }: { workspaceId: string; onCreated(): void }) {
  const [app, setApp] = useState<string | undefined>("telegram");
  const [name, setName] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const fields = fieldsByApp[(app ?? "telegram") as keyof typeof fieldsByApp];
  const complete = fields.every((field) => (values[field.key] ?? "").trim() !== "");

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const data = Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? "").trim()]));
      await createCredentials(workspaceId, {
        type: app ?? "telegram",
        name: name.trim() || `${messagingAppLabel(app ?? "telegram")} account`,
        data,
      });
      setName("");
      setValues({});
      onCreated();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form className="inline-form" onSubmit={create} aria-label="Messaging app credentials">
      <SelectField label="Messaging app" value={app} options={apps} onChange={setApp} />
      <TextField label="Account" value={name} onChange={setName} placeholder="My bot's number" />
      {fields.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          type={field.secret ? "password" : "text"}
          autoComplete="off"
          value={values[field.key] ?? ""}
          onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
        />
      ))}
      <button type="submit" className="button primary" disabled={!complete}>
        Add messaging app
      </button>
      <ErrorBanner error={error} />
    </form>
  );
}

/** Connects a messaging app: Telegram is registered at once; WhatsApp's URL and token are shown to paste at Meta. */
export function ConnectMessagingAppButton({
  workspaceId,
  credentialsId,
}: {
  workspaceId: string;
  credentialsId: string;
}) {
  const [answer, setAnswer] = useState<string>();
  const connect = async () => {
    try {
      const connected = await api.call("connectChannel", { params: { workspaceId, credentialsId } });
      setAnswer(
        connected.registered
          ? `Connected: Telegram sends messages to ${connected.webhookUrl}`
          : `In Meta's dashboard, set the callback URL ${connected.webhookUrl} and the verify token ${connected.verifyToken}, then subscribe to "messages".`,
      );
    } catch (failure) {
      setAnswer(errorMessage(failure));
    }
  };
  return (
    <>
      <button type="button" className="button small" onClick={() => void connect()}>
        Connect
      </button>
      {answer && <p className="muted">{answer}</p>}
    </>
  );
}
