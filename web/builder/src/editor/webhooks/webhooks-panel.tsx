import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/api";
import { useStore } from "../../lib/store";
import { ErrorBanner, Spinner } from "../../ui/feedback";
import { Switch, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { WebhookDeliveries } from "./webhook-deliveries";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  sendTestEvent,
  updateWebhook,
  webhookEvents,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from "./webhooks-api";

/** How often, and how many times, the deliveries are read again while one is still under way. */
const POLL_MS = 1000;
const MAX_POLLS = 30;

function EventBoxes({
  selected,
  disabled,
  onChange,
}: {
  selected: readonly WebhookEvent[];
  disabled?: boolean;
  onChange(events: WebhookEvent[]): void;
}) {
  return (
    <div className="webhook-events">
      {webhookEvents.map((event) => (
        <label key={event.value} className="checkbox">
          <input
            type="checkbox"
            checked={selected.includes(event.value)}
            disabled={disabled}
            onChange={(change) =>
              onChange(
                change.target.checked
                  ? webhookEvents.map((e) => e.value).filter((v) => v === event.value || selected.includes(v))
                  : selected.filter((value) => value !== event.value),
              )
            }
          />{" "}
          {event.label} <code>{event.value}</code>
        </label>
      ))}
    </div>
  );
}

/** The secret of a webhook just made: shown this once, with a copy button. */
function SecretNotice({ created, onDone }: { created: CreatedWebhook; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="banner warning webhook-secret" role="status">
      <p>Signing secret for {created.url}: copy it now, it is not shown again.</p>
      <code className="code-line">{created.secret}</code>
      <div>
        <button
          type="button"
          className="button small"
          onClick={() =>
            void navigator.clipboard?.writeText(created.secret).then(
              () => setCopied(true),
              // No clipboard access (permission refused): the secret stays on screen to copy by hand.
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy secret"}
        </button>
        <button type="button" className="button small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** One webhook: its events, on/off, why Parley turned it off, its deliveries and a test send. */
function WebhookItem({
  botId,
  webhook,
  readOnly,
  onChanged,
}: {
  botId: string;
  webhook: Webhook;
  readOnly: boolean;
  onChanged(): void;
}) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>();
  const [error, setError] = useState<string>();
  const polls = useRef(0);

  const loadDeliveries = useCallback(async () => {
    try {
      const latest = await listDeliveries(botId, webhook.id);
      setDeliveries(latest);
      const underWay = latest.some((delivery) => delivery.status === "pending" || delivery.status === "retrying");
      if (underWay && polls.current++ < MAX_POLLS) setTimeout(() => void loadDeliveries(), POLL_MS);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [botId, webhook.id]);

  const act = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <li className="webhook-item" data-webhook-id={webhook.id}>
      <div className="webhook-url">
        <code>{webhook.url}</code>
      </div>
      {!webhook.enabled && (
        <p className="banner warning" role="status">
          Disabled{webhook.disabledReason ? `: ${webhook.disabledReason}` : ""}
        </p>
      )}
      <EventBoxes
        selected={webhook.events}
        disabled={readOnly}
        onChange={(events) => events.length > 0 && void act(() => updateWebhook(botId, webhook.id, { events }))}
      />
      {!readOnly && (
        <Switch
          label="Enabled"
          checked={webhook.enabled}
          onChange={(enabled) => void act(() => updateWebhook(botId, webhook.id, { enabled }))}
        />
      )}
      <div className="webhook-actions">
        {!readOnly && (
          <button
            type="button"
            className="button small"
            onClick={() =>
              void act(async () => {
                await sendTestEvent(botId, webhook.id);
                polls.current = 0;
                await loadDeliveries();
              })
            }
          >
            Send test
          </button>
        )}
        <button
          type="button"
          className="button small"
          onClick={() => {
            polls.current = 0;
            void loadDeliveries();
          }}
        >
          {deliveries ? "Refresh deliveries" : "Show deliveries"}
        </button>
        {!readOnly && (
          <button
            type="button"
            className="button small danger"
            onClick={() => void act(() => deleteWebhook(botId, webhook.id))}
          >
            Delete
          </button>
        )}
      </div>
      <ErrorBanner error={error} />
      {deliveries && <WebhookDeliveries deliveries={deliveries} />}
    </li>
  );
}

/**
 * The bot's outbound result webhooks (README "Webhooks"): signed POSTs of its published chats'
 * results, delivered after each turn is saved. The secret is shown once, when one is added.
 */
export function WebhooksPanel() {
  const { store } = useEditor();
  const botId = useStore(store.meta, (meta) => meta.botId);
  const readOnly = useStore(store.meta, (meta) => meta.readOnly ?? false);
  const [webhooks, setWebhooks] = useState<Webhook[]>();
  const [error, setError] = useState<string>();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["result.completed"]);
  const [created, setCreated] = useState<CreatedWebhook>();

  const load = useCallback(() => {
    listWebhooks(botId).then(setWebhooks, (failure) => setError(errorMessage(failure)));
  }, [botId]);
  useEffect(load, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      setCreated(await createWebhook(botId, url.trim(), events));
      setUrl("");
      load();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="webhooks-panel" aria-labelledby="webhooks-title">
      <h3 id="webhooks-title">Webhooks</h3>
      <p className="muted">
        Signed POSTs to your URLs as published chats start, answer and complete (Standard Webhooks signatures).
      </p>
      {created && <SecretNotice created={created} onDone={() => setCreated(undefined)} />}
      {!readOnly && (
        <form className="webhook-form" onSubmit={add}>
          <TextField label="Webhook URL" type="url" value={url} onChange={setUrl} placeholder="https://…" />
          <EventBoxes selected={events} onChange={setEvents} />
          <button type="submit" className="button primary" disabled={!url.trim() || events.length === 0}>
            Add webhook
          </button>
        </form>
      )}
      <ErrorBanner error={error} />
      {!webhooks && !error && <Spinner />}
      {webhooks && webhooks.length === 0 && <p className="muted">No webhooks yet.</p>}
      {webhooks && webhooks.length > 0 && (
        <ul className="webhook-list">
          {webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} botId={botId} webhook={webhook} readOnly={readOnly} onChanged={load} />
          ))}
        </ul>
      )}
    </section>
  );
}
