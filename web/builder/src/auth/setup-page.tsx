import { useState, type FormEvent } from "react";
import { errorMessage } from "../lib/api";
import { navigate } from "../lib/router";
import { TextField } from "../ui/fields";
import { setPassword } from "./session";

const MIN_LENGTH = 8;

/** Where the one-time link (`/setup?token=…`) leads: choose the password of the account. */
export function SetupPage({ token }: { token: string | null }) {
  const [password, setValue] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!token)
    return (
      <main className="auth-page">
        <div className="auth-card" role="alert">
          <h1>This link is incomplete</h1>
          <p>Open the full one-time link printed by the server, or ask an administrator for a new one.</p>
        </div>
      </main>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError(`Use at least ${MIN_LENGTH} characters.`);
    if (password !== confirm) return setError("The two passwords differ.");
    setBusy(true);
    setError(undefined);
    try {
      const signedIn = await setPassword(token, password);
      navigate(signedIn ? "/bots" : "/login?passwordSet=1", { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="setup-title">
        <div className="brand-mark" aria-hidden="true">
          P
        </div>
        <h1 id="setup-title">Choose your password</h1>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setValue}
          required
          autoFocus
          hint={`At least ${MIN_LENGTH} characters.`}
        />
        <TextField
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          required
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? "Saving…" : "Set password"}
        </button>
      </form>
    </main>
  );
}
