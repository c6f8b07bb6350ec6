import type { ReactNode } from "react";
import { signOut, sessionStore } from "../auth/session";
import { Link, navigate } from "../lib/router";
import { useStore } from "../lib/store";
import { switchWorkspace, workspaceStore } from "../workspaces/workspace-store";

/** The frame of the list pages: brand, workspace switcher, navigation, account. */
export function AppShell({
  children,
  current,
}: {
  children: ReactNode;
  current: "bots" | "inbox" | "knowledge" | "settings";
}) {
  const workspaces = useStore(workspaceStore, (state) => state);
  const session = useStore(sessionStore, (state) => state);
  return (
    <div className="app-shell">
      <header className="top-bar">
        <Link to="/bots" className="brand" aria-label="Parley home">
          <span className="brand-mark small" aria-hidden="true">
            P
          </span>
          <span>Parley</span>
        </Link>
        <div className="workspace-switcher">
          <label htmlFor="workspace-switcher" className="visually-hidden">
            Workspace
          </label>
          <select
            id="workspace-switcher"
            value={workspaces.currentId ?? ""}
            onChange={(event) => switchWorkspace(event.target.value)}
            disabled={workspaces.workspaces.length === 0}
          >
            {workspaces.workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
              </option>
            ))}
          </select>
        </div>
        <nav aria-label="Main" className="main-nav">
          <Link to="/bots" aria-current={current === "bots" ? "page" : undefined}>
            Bots
          </Link>
          <Link to="/inbox" aria-current={current === "inbox" ? "page" : undefined}>
            Inbox
          </Link>
          <Link to="/knowledge" aria-current={current === "knowledge" ? "page" : undefined}>
            Knowledge
          </Link>
          <Link to="/settings" aria-current={current === "settings" ? "page" : undefined}>
            Settings
          </Link>
        </nav>
        <div className="account">
          {session.status === "signed-in" && <span className="muted">{session.user.email}</span>}
          <button
            type="button"
            className="button subtle"
            onClick={() => {
              void signOut().finally(() => navigate("/login"));
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main className="page">{children}</main>
    </div>
  );
}
