import { useState, type FormEvent } from "react";
import { errorMessage } from "../lib/api";
import { navigate } from "../lib/router";
import { TextField } from "../ui/fields";
import { signIn } from "./session";

/** Only same-site paths are followed after signing in. */
export const safeNext = (next: string | null) => (next?.startsWith("/") && !next.startsWith("//") ? next : "/bots");

export function LoginPage({
  next,
  passwordSet,
  email: knownEmail,
}: {
  next: string | null;
  passwordSet?: boolean;
  /** From the setup page: the account whose password was just set. */
  email?: string | null;
}) {
  const [email, setEmail] = useState(knownEmail ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(email, password);
      navigate(safeNext(next), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="brand-mark" aria-hidden="true">
          P
        </div>
        <h1 id="login-title">Sign in to Parley</h1>
        {passwordSet && (
          <p className="banner success" role="status">
            Your password is set: sign in with it.
          </p>
        )}
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          required
          autoFocus={!knownEmail}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
          autoFocus={Boolean(knownEmail)}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        <p className="muted small">
          No password yet? Use the one-time link printed when the server first started, or run{" "}
          <code>npx parley user create --email you@example.com</code>.
        </p>
      </form>
    </main>
  );
}
