import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api, errorMessage } from "../lib/api";
import { formatDateTime } from "../lib/format";
import type { ApiToken } from "../lib/types";
import { ConfirmDialog } from "../ui/dialog";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { TextField } from "../ui/fields";

/** The user's API tokens for scripts: listed, created (the value is shown once), revoked. */
export function TokensPanel() {
  const [tokens, setTokens] = useState<ApiToken[]>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; value: string }>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [copied, setCopied] = useState(false);

  const load = useCallback(() => {
    api
      .call("listTokens")
      .then((answer) => setTokens(answer.tokens ?? []))
      .catch((failure) => setError(errorMessage(failure)));
  }, []);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await api.call("createToken", { body: { name: name.trim() || "API token" } });
      setCreated({ name: answer.token.name, value: answer.value });
      setCopied(false);
      setName("");
      load();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="card" aria-labelledby="tokens-title">
      <div className="card-header">
        <h2 id="tokens-title">API tokens</h2>
      </div>
      <p className="muted">
        Scripts call the API with <code>Authorization: Bearer &lt;token&gt;</code>. A token acts as you.
      </p>
      <form className="inline-form" onSubmit={create}>
        <TextField label="New token name" value={name} onChange={setName} placeholder="Deploy script" />
        <button type="submit" className="button primary">
          Create token
        </button>
      </form>
      {created && (
        <div className="banner success token-value" role="status">
          <p>Copy the token “{created.name}” now: it will not be shown again.</p>
          <code data-testid="new-token-value">{created.value}</code>
          <button
            type="button"
            className="button small"
            onClick={() => void navigator.clipboard?.writeText(created.value).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
      )}
      <ErrorBanner error={error} />
      {!tokens && !error && <Spinner />}
      {tokens && tokens.length === 0 && <p className="muted">No tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <table className="simple-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>
                  {token.name} {token.revokedAt && <span className="badge">Revoked</span>}
                </td>
                <td>{formatDateTime(token.createdAt)}</td>
                <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Never"}</td>
                <td>
                  {!token.revokedAt && (
                    <button type="button" className="button small danger" onClick={() => setRevoking(token)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke the token?"
        message={`Scripts using “${revoking?.name}” will stop working at once.`}
        confirmLabel="Revoke"
        danger
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => {
          const token = revoking!;
          setRevoking(undefined);
          api
            .call("revokeToken", { params: { tokenId: token.id } })
            .then(load)
            .catch((failure) => setError(errorMessage(failure)));
        }}
      />
    </section>
  );
}
