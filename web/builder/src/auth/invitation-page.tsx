import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import type { RouteOutput } from "../../../shared/api-client.js";
import { api, errorMessage } from "../lib/api";
import { Link, navigate } from "../lib/router";
import { useStore } from "../lib/store";
import { Spinner } from "../ui/feedback";
import { TextField } from "../ui/fields";
import { loadWorkspaces, switchWorkspace } from "../workspaces/workspace-store";
import { sessionStore, signOut } from "./session";

const MIN_LENGTH = 8;

type Invitation = RouteOutput<"getInvitation">;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="invitation-title">
        <div className="brand-mark" aria-hidden="true">
          P
        </div>
        <h1 id="invitation-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}

const loginUrl = (email: string, next?: string, passwordSet = false) => {
  const query = new URLSearchParams();
  if (passwordSet) query.set("passwordSet", "1");
  query.set("email", email);
  if (next) query.set("next", next);
  return `/login?${query}`;
};

/**
 * Where an invitation's link (`/setup?invitation=…`) leads: it accepts that one invitation. Someone
 * without a password chooses one here; someone with a password signs in as the invited account first,
 * then joins with one click.
 */
export function InvitationPage({ token }: { token: string }) {
  const session = useStore(sessionStore, (value) => value);
  const [invitation, setInvitation] = useState<Invitation | { error: string }>();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .call("getInvitation", { query: { token } }, { quiet: true })
      .then(setInvitation, (failure) => setInvitation({ error: errorMessage(failure) }));
  }, [token]);

  if (!invitation || session.status === "loading") return <Spinner label="Checking the invitation…" />;
  if ("error" in invitation)
    return (
      <Card title="This invitation does not work">
        <p role="alert">{invitation.error}</p>
      </Card>
    );

  const { email, workspace } = invitation;
  const here = `/setup?invitation=${encodeURIComponent(token)}`;
  const signedInAs = session.status === "signed-in" ? session.user.email : undefined;
  const join = async (body: { token: string; password?: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await api.call("acceptInvitation", { body }, { quiet: true });
      switchWorkspace(workspace.id);
      if (body.password) navigate(loginUrl(email, "/bots", true), { replace: true });
      else {
        await loadWorkspaces();
        navigate("/bots", { replace: true });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const errorLine = error && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );

  if (signedInAs !== undefined && signedInAs !== email)
    return (
      <Card title={`Join ${workspace.name}`}>
        <p>
          This invitation is for <strong>{email}</strong>, and you are signed in as <strong>{signedInAs}</strong>. Sign
          out, then open the link again.
        </p>
        <button type="button" className="button primary block" onClick={() => void signOut()}>
          Sign out
        </button>
      </Card>
    );

  if (signedInAs === email)
    return (
      <Card title={`Join ${workspace.name}`}>
        <p data-testid="invitation-account">
          <strong>{email}</strong> is invited to the workspace <strong>{workspace.name}</strong>.
        </p>
        {errorLine}
        <button type="button" className="button primary block" disabled={busy} onClick={() => void join({ token })}>
          {busy ? "Joining…" : `Join ${workspace.name}`}
        </button>
      </Card>
    );

  if (!invitation.needsPassword)
    return (
      <Card title={`Join ${workspace.name}`}>
        <p data-testid="invitation-account">
          <strong>{email}</strong> is invited to the workspace <strong>{workspace.name}</strong>: sign in as {email} to
          accept.
        </p>
        <Link className="button primary block" to={loginUrl(email, here)}>
          Sign in
        </Link>
      </Card>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError(`Use at least ${MIN_LENGTH} characters.`);
    if (password !== confirm) return setError("The two passwords differ.");
    void join({ token, password });
  };
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="invitation-title">
        <div className="brand-mark" aria-hidden="true">
          P
        </div>
        <h1 id="invitation-title">Join {workspace.name}</h1>
        <p data-testid="invitation-account">
          Choose the password of <strong>{email}</strong> to join the workspace.
        </p>
        {/* Password managers file the new password under this account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
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
        {errorLine}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? "Joining…" : "Set password and join"}
        </button>
      </form>
    </main>
  );
}
