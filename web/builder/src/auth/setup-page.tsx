import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { api, errorMessage } from "../lib/api";
import { Link, navigate } from "../lib/router";
import { Spinner } from "../ui/feedback";
import { TextField } from "../ui/fields";
import { setPassword } from "./session";

const MIN_LENGTH = 8;
const NEW_LINK = "Ask an administrator for a new one, or run npx parley user setup-link --email <address>.";

type LinkState = { state: "valid" | "used" | "expired"; email: string | null } | { error: string };

const loginUrl = (email: string | null, passwordSet = false) => {
  const query = new URLSearchParams();
  if (passwordSet) query.set("passwordSet", "1");
  if (email) query.set("email", email);
  const text = query.toString();
  return text ? `/login?${text}` : "/login";
};

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card" role="alert">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/**
 * Where the one-time link (`/setup?token=…`) leads: choose the password of the account it names. A used
 * or expired link says so at once, before anything is typed.
 */
export function SetupPage({ token }: { token: string | null }) {
  const [link, setLink] = useState<LinkState>();
  const [password, setValue] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    api
      .call("getSetupLink", { query: { token } }, { quiet: true })
      .then(setLink, (failure) => setLink({ error: errorMessage(failure) }));
  }, [token]);

  if (!token)
    return (
      <Notice title="This link is incomplete">
        <p>Open the full one-time link printed by the server, or ask an administrator for a new one.</p>
      </Notice>
    );
  if (!link) return <Spinner label="Checking the link…" />;
  if ("error" in link)
    return (
      <Notice title="This link does not work">
        <p>{link.error}</p>
      </Notice>
    );
  if (link.state === "used")
    return (
      <Notice title="This link was already used">
        <p>
          The password of <strong>{link.email}</strong> is set: sign in with it. If it is lost, a new link is needed.{" "}
          {NEW_LINK}
        </p>
        <Link className="button primary block" to={loginUrl(link.email)}>
          Sign in
        </Link>
      </Notice>
    );
  if (link.state === "expired")
    return (
      <Notice title="This link has expired">
        <p>{NEW_LINK}</p>
      </Notice>
    );

  const email = link.email;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError(`Use at least ${MIN_LENGTH} characters.`);
    if (password !== confirm) return setError("The two passwords differ.");
    setBusy(true);
    setError(undefined);
    try {
      const signedIn = await setPassword(token, password);
      navigate(signedIn ? "/bots" : loginUrl(email, true), { replace: true });
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
        <p data-testid="setup-account">
          For the account <strong>{email}</strong>
        </p>
        {/* Password managers file the new password under this account. */}
        <input type="hidden" name="username" autoComplete="username" value={email ?? ""} readOnly />
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
